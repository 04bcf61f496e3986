// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserManifest } from '@platform/schemas';
import { engineerManifest as engineer, staffManifest as staff } from '../testing/demoManifests.ts';
import { renderInApp } from '../testing/renderInApp.tsx';
import { ScreenSearch } from './ScreenSearch.tsx';

function Location() {
  const { pathname } = useLocation();
  return <output aria-label="Address">{pathname}</output>;
}

function renderSearch(manifest: UserManifest) {
  const view = renderInApp(
    <>
      <ScreenSearch manifest={manifest} />
      <button type="button">Somewhere on the page</button>
      <main id="main" tabIndex={-1}>
        <Location />
      </main>
    </>,
  );
  const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
  return { ...view, address };
}

/** Ctrl+K, then the dialog once its code has come: typing before it would go to the page. */
async function openSearch(user: ReturnType<typeof renderInApp>['user']) {
  await user.keyboard('{Control>}k{/Control}');
  await screen.findByRole('combobox', { name: 'Screen or module' });
}

const dialog = () => screen.findByRole('dialog', { name: 'Search screens' });
const optionNames = async () =>
  within(await dialog())
    .queryAllByRole('option')
    .map((o) => o.textContent);

// cmdk measures its list for a CSS variable and scrolls the chosen option into view; jsdom lays
// nothing out and has neither.
beforeEach(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

describe('ScreenSearch', () => {
  it('opens with Ctrl+K from anywhere, and Escape closes it and hands focus back', async () => {
    const { user } = renderSearch(staff);
    const before = screen.getByRole('button', { name: 'Somewhere on the page' });
    before.focus();
    await user.keyboard('{Control>}k{/Control}');
    const box = within(await dialog()).getByRole('combobox', { name: 'Screen or module' });
    expect(document.activeElement).toBe(box);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(before);
  });

  it('keeps Tab inside the dialog, coming round from its last control to its first', async () => {
    const { user } = renderSearch(staff);
    await openSearch(user);
    const box = screen.getByRole('combobox', { name: 'Screen or module' });
    const close = screen.getByRole('button', { name: 'Close' });
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(box);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(close);
  });

  it('opens from the top bar button, which shows the shortcut', async () => {
    const { user } = renderSearch(staff);
    const button = screen.getByRole('button', { name: 'Search screens Ctrl K' });
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Control+K');
    await user.click(button);
    await dialog();
    await user.click(within(await dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('lists matches of title and module words, and Enter opens the first', async () => {
    const { user, address } = renderSearch(staff);
    await openSearch(user);
    await user.keyboard('release draft');
    expect(await optionNames()).toEqual(['Release draft Settings']);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(address()).toBe('/settings/releases/draft');
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('moves through the matches with the arrows, and Enter opens the chosen one', async () => {
    const { user, address } = renderSearch(staff);
    await openSearch(user);
    await user.keyboard('uploads');
    const box = within(await dialog()).getByRole('combobox');
    expect(await optionNames()).toEqual(['Uploads Settings', 'Uploads CoreData', 'Uploads Mapping', 'Uploads Mapping']);
    await user.keyboard('{ArrowDown}');
    const chosen = screen.getByRole('option', { selected: true });
    expect(box.getAttribute('aria-activedescendant')).toBe(chosen.id);
    expect(chosen.textContent).toBe('Uploads CoreData');
    await user.keyboard('{Enter}');
    expect(address()).toBe('/coredata/uploads');
  });

  it('never offers a customer user a staff-only screen or a module they lack', async () => {
    const { user } = renderSearch(engineer);
    await openSearch(user);
    await user.keyboard('settings');
    expect(await optionNames()).toEqual(['Settings Dashboard', 'Users Settings', 'Site groups Settings', 'Uploads Settings']);
    await user.clear(screen.getByRole('combobox'));
    await user.keyboard('life cost');
    expect(await optionNames()).toEqual([]);
    expect(within(await dialog()).getByText('No screen matches “life cost”.')).toBeTruthy();
  });

  it('asks for the parameters a screen needs and never opens an address with one unfilled', async () => {
    const { user, address } = renderSearch(staff);
    await openSearch(user);
    await user.keyboard('asset life site');
    await user.click(within(await dialog()).getByRole('option', { name: 'Site … Asset Life (asks for Site id)' }));
    const form = await screen.findByRole('dialog', { name: 'Open Site …' });
    const field = within(form).getByRole('textbox', { name: 'Site id' });
    expect(document.activeElement).toBe(field);
    await user.type(field, '   ');
    await user.click(within(form).getByRole('button', { name: 'Open' }));
    expect(address()).toBe('/');
    await user.clear(field);
    await user.type(field, 'S 1{Enter}');
    expect(address()).toBe('/asset-life/sites/S%201');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists recently opened screens first while the box is empty, with their parameters filled', async () => {
    const { user } = renderSearch(staff);
    await openSearch(user);
    await user.keyboard('asset life site');
    await user.click(within(await dialog()).getByRole('option', { name: 'Site … Asset Life (asks for Site id)' }));
    await user.type(await screen.findByRole('textbox', { name: 'Site id' }), 'S1{Enter}');
    await openSearch(user);
    await user.keyboard('release draft{Enter}');
    await openSearch(user);
    const list = await dialog();
    expect(within(list).getByRole('group', { name: 'Recently opened' })).toBeTruthy();
    const [first] = within(list).getAllByRole('option');
    expect(first?.textContent).toBe('Site S1 Asset Life');
    expect(first?.getAttribute('aria-selected')).toBe('true');
  });

  it('keeps recents per user, and drops those the manifest no longer offers', async () => {
    localStorage.setItem(
      'screenSearch.recent.engineer-1',
      JSON.stringify([
        { key: 'settings.releases.list', path: '/settings/releases' },
        { key: 'hs.imports', path: '/asset-life/imports' },
      ]),
    );
    localStorage.setItem('screenSearch.recent.staff-1', JSON.stringify([{ key: 'settings.customers', path: '/settings/customers' }]));
    const { user } = renderSearch(engineer);
    await openSearch(user);
    const recent = within(await dialog()).getByRole('group', { name: 'Recently opened' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Imports Asset Life']);
  });

  it('caps the list and says how many more there are', async () => {
    const { user } = renderSearch(staff);
    await openSearch(user);
    expect(await optionNames()).toHaveLength(50);
    expect(within(await dialog()).getByText(/^\d+ more: type more of the name to see them\.$/)).toBeTruthy();
    await user.keyboard('cmms');
    await waitFor(() => expect(screen.queryByText(/more: type more/)).toBeNull());
  });
});
