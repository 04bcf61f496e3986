// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ENGINEER, MR, openModule } from '../testing/openModule.tsx';

describe('Model Runtime: domains', () => {
  it("lists the customer's domains, each linking to its jobs and workflows", async () => {
    openModule('/model-runtime');
    expect(await screen.findByRole('heading', { level: 1, name: 'Model Runtime' })).toBeDefined();
    const table = await screen.findByRole('table', { name: 'Domains' });
    const row = within(table).getByRole('row', { name: /Wind fleet/ });
    expect(within(row).getByRole('link', { name: 'Wind fleet' }).getAttribute('href')).toBe('/model-runtime/acme-wind');
    expect(within(row).getByRole('link', { name: '3 jobs' }).getAttribute('href')).toBe('/model-runtime/acme-wind/jobs');
    expect(within(row).getByRole('link', { name: '1 workflow' }).getAttribute('href')).toBe('/model-runtime/acme-wind/workflows');
    // The customer is in context, so no column names it.
    expect(within(table).queryByRole('columnheader', { name: 'Customer' })).toBeNull();
  });

  it('says there is nothing to show, and asks nothing, for an account that names no customer', async () => {
    const { platform } = openModule('/model-runtime', undefined, { ...ENGINEER, customerId: null });
    expect(await screen.findByText('Your account names no customer, so there are no domains to show.')).toBeDefined();
    expect(platform.requestsTo(`${MR}/domains`)).toEqual([]);
  });

  it('says when Model Runtime did not answer', async () => {
    openModule('/model-runtime', ({ url }) => (url.pathname === `${MR}/customers/acme/domains` ? new Response('', { status: 503 }) : undefined));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Model Runtime did not answer: /);
  });
});
