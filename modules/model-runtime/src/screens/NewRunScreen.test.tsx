// @vitest-environment jsdom
// The reference module's New job screen in a component test (the harness: ../testing/openModule.tsx).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problem } from '../../../../web/src/testing/fakePlatform.ts';
import { MR, openModule as open, QUEUED } from '../testing/openModule.tsx';

describe('Model Runtime: New job', () => {
  it('names the domain by its name, offers what the domain can run, queues the job and opens it', async () => {
    const { user, platform } = open('/model-runtime/acme-wind/jobs/new', ({ url, method }) =>
      method === 'POST' && url.pathname === `${MR}/domains/acme-wind/jobs` ? QUEUED : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'New job' })).toBeDefined();
    // The domain by the name people know, not the address's "acme-wind".
    expect(await screen.findByText('Domain: Wind fleet')).toBeDefined();
    const form = await screen.findByRole('form', { name: 'New job' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Blade fatigue, December');
    const what = within(form).getByRole('combobox', { name: 'What to run' });
    expect(
      within(what)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a model, script or FMU', 'Blade fatigue 1.0.0 (python3.6)', 'Clean SCADA series 1.0.0 (python3.6)']);
    await user.selectOptions(what, 'fatigue-v3');
    await user.click(within(form).getByRole('button', { name: 'Queue the job' }));
    expect(await screen.findByText('Job J-1004 queued')).toBeDefined();
    expect(platform.requestsTo(`${MR}/domains/acme-wind/jobs`).find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Blade fatigue, December',
      artifactId: 'fatigue-v3',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Job J-1004' })).toBeDefined();
  });

  it('says why the backend refused the job, and keeps what was typed', async () => {
    const { user } = open('/model-runtime/acme-wind/jobs/new', ({ method }) =>
      method === 'POST' ? problem(400, 'CFG_ERR_BAD_REQUEST', "artifactId: the domain has no model, script or FMU 'gone' to run") : undefined,
    );
    const form = await screen.findByRole('form', { name: 'New job' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Retry');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'What to run' }), 'clean-scada');
    await user.click(within(form).getByRole('button', { name: 'Queue the job' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      "Could not queue the job: artifactId: the domain has no model, script or FMU 'gone' to run",
    );
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Retry');
  });
});
