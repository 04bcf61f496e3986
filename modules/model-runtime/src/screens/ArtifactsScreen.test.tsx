// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openModule } from '../testing/openModule.tsx';

describe('Model Runtime: models, scripts and FMUs', () => {
  it('lists what the domain can run, in the formats of the platform', async () => {
    openModule('/model-runtime/acme-wind/models');
    const table = await screen.findByRole('table', { name: 'Models' });
    const row = within(table).getByRole('row', { name: /Blade fatigue/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['python3.6', '1.0.0', '1 Bytes', '01-Oct-2026']);
  });

  it('says the address names a domain there is not', async () => {
    openModule('/model-runtime/nowhere/models');
    expect(await screen.findByText('No domain nowhere.')).toBeDefined();
  });
});
