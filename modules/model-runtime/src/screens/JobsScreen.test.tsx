// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MR, openModule, QUEUED } from '../testing/openModule.tsx';

describe('Model Runtime: jobs', () => {
  it("shows it is loading, then the domain's jobs by name, each opening its own screen", async () => {
    const { platform } = openModule('/model-runtime/acme-wind/jobs', ({ url }) =>
      url.pathname === `${MR}/domains/acme-wind/jobs` ? { jobs: [QUEUED] } : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Jobs' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(within(table).getByRole('link', { name: 'J-1004' }).getAttribute('href')).toBe('/model-runtime/acme-wind/jobs/J-1004');
    expect(await screen.findByText('Domain: Wind fleet')).toBeDefined();
    expect(screen.getByRole('link', { name: 'New job' }).getAttribute('href')).toBe('/model-runtime/acme-wind/jobs/new');
    // Asked once, however many parts of the screen show it.
    expect(platform.requestsTo(`${MR}/domains/acme-wind/jobs`)).toHaveLength(1);
  });

  it('says so when the domain has no workflow runs yet', async () => {
    openModule('/model-runtime/acme-wind/workflows');
    expect(await screen.findByRole('heading', { level: 1, name: 'Workflows' })).toBeDefined();
    expect(await screen.findByText('None yet.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'New workflow' })).toBeDefined();
  });
});
