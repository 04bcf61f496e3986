// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MR, openModule } from '../testing/openModule.tsx';

const LOG = {
  lines: [
    { at: '2026-11-28T10:00:01.000Z', level: 'info', message: 'started' },
    { at: '2026-11-28T10:00:02.000Z', level: 'error', message: 'blade 3: no data' },
  ],
};

describe("Model Runtime: a run's log", () => {
  it('shows what the run wrote, oldest first, with the way back to the run', async () => {
    openModule('/model-runtime/acme-wind/jobs/J-1004/logs', ({ url }) => (url.pathname === `${MR}/domains/acme-wind/jobs/J-1004/logs` ? LOG : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Logs of job J-1004' })).toBeDefined();
    const table = await screen.findByRole('table', { name: 'Logs of job J-1004' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Time (UTC)LevelMessage', '28-Nov-2026 10:00:01 UTCinfostarted', '28-Nov-2026 10:00:02 UTCerrorblade 3: no data']);
    expect(screen.getByRole('link', { name: 'Back to job J-1004' }).getAttribute('href')).toBe('/model-runtime/acme-wind/jobs/J-1004');
  });
});
