// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakePlatform, type TestUser } from '../testing/fakePlatform.ts';
import { renderInApp } from '../testing/renderInApp.tsx';
import { SiteGroupSelector } from './SiteGroupSelector.tsx';

const ENGINEER: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };
const GROUPS = [
  { id: 'north', name: 'North', sites: [] },
  { id: 'south', name: 'South', sites: [] },
];

function renderSelector() {
  fakePlatform({ user: ENGINEER, siteGroups: { acme: GROUPS } });
  return renderInApp(
    <>
      <SiteGroupSelector />
      <button type="button">Next control</button>
    </>,
  );
}

/** The summary that opens the panel, found by its accessible name, which says what is selected. */
const summary = (selection: string) => screen.findByLabelText(`Site groups: ${selection}`, { selector: 'summary' });
const panelIsOpen = (element: HTMLElement) => (element.closest('details') as HTMLDetailsElement).open;

describe('SiteGroupSelector', () => {
  it('shows all site groups of the customer in context until the user narrows them', async () => {
    const { user } = renderSelector();
    await user.click(await summary('all'));
    const choices = within(screen.getByRole('group', { name: 'Show only' }));
    expect(choices.getAllByRole('checkbox', { checked: false }).map((c) => c.parentElement?.textContent?.trim())).toEqual(['North', 'South']);
    expect(choices.queryAllByRole('checkbox', { checked: true })).toEqual([]);
    expect(screen.getByRole('button', { name: 'All site groups' })).toHaveProperty('disabled', true);
  });

  it('names what the user ticks, and keeps it after a reload', async () => {
    const { user, unmount } = renderSelector();
    await user.click(await summary('all'));
    await user.click(screen.getByRole('checkbox', { name: 'North' }));
    expect((await summary('North')).textContent).toBe('Site groups: North');
    await user.click(screen.getByRole('checkbox', { name: 'South' }));
    expect((await summary('North, South')).textContent).toBe('Site groups: 2 selected');

    unmount();
    renderSelector();
    await summary('North, South');
  });

  it('clears the filter with All site groups', async () => {
    const { user } = renderSelector();
    await user.click(await summary('all'));
    await user.click(screen.getByRole('checkbox', { name: 'South' }));
    await user.click(screen.getByRole('button', { name: 'All site groups' }));
    await summary('all');
    expect(screen.getByRole('checkbox', { name: 'South' })).toHaveProperty('checked', false);
  });

  it('closes on Escape and gives focus back to the summary', async () => {
    const { user } = renderSelector();
    const opener = await summary('all');
    await user.click(opener);
    await user.click(screen.getByRole('checkbox', { name: 'North' }));
    expect(panelIsOpen(opener)).toBe(true);

    await user.keyboard('{Escape}');
    expect(panelIsOpen(opener)).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('closes when Tab leaves it, so it never covers the next control', async () => {
    const { user } = renderSelector();
    const opener = await summary('all');
    await user.click(opener);
    screen.getByRole('link', { name: 'Manage' }).focus();

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next control' }));
    expect(panelIsOpen(opener)).toBe(false);
  });
});
