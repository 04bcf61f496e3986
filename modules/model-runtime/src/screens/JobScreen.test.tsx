// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openModule } from '../testing/openModule.tsx';

describe('Model Runtime: a job', () => {
  it('shows the job, with its log and the list a click away', async () => {
    openModule('/model-runtime/acme-wind/jobs/J-1004');
    expect(await screen.findByRole('heading', { level: 1, name: 'Job J-1004' })).toBeDefined();
    expect(await screen.findByText('Blade fatigue, December')).toBeDefined();
    expect(screen.getByText('queued')).toBeDefined();
    expect(screen.getByText('28-Nov-2026 10:00:00 UTC by erin@acme.test')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Logs of job J-1004' }).getAttribute('href')).toBe('/model-runtime/acme-wind/jobs/J-1004/logs');
    expect(screen.getByRole('link', { name: 'All jobs' }).getAttribute('href')).toBe('/model-runtime/acme-wind/jobs');
  });

  it('says the address names a job the domain does not have', async () => {
    openModule('/model-runtime/acme-wind/jobs/J-9');
    expect(await screen.findByText('No job J-9 in acme-wind.')).toBeDefined();
  });
});
