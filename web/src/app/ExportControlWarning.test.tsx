// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportControlWarning } from './ExportControlWarning.tsx';

afterEach(cleanup);

/** The page under the warning, as AppRoutes shows it: the warning stays until it is acknowledged. */
function Page({ onAcknowledge = () => undefined, warned = true }: { onAcknowledge?: () => void; warned?: boolean }) {
  const [acknowledged, setAcknowledged] = useState(!warned);
  const acknowledge = () => {
    onAcknowledge();
    setAcknowledged(true);
  };
  return (
    <>
      <a href="/asset-life">Asset life</a>
      <button type="button" onClick={() => setAcknowledged(false)}>
        Export the report
      </button>
      {!acknowledged && <ExportControlWarning onAcknowledge={acknowledge} />}
    </>
  );
}

/** Renders into #root, the element the app mounts in and the warning makes inert. */
function renderPage(onAcknowledge?: () => void) {
  const root = document.body.appendChild(document.createElement('div'));
  root.id = 'root';
  const user = userEvent.setup();
  const view = render(<Page onAcknowledge={onAcknowledge} />, { container: root });
  return { ...view, user, root };
}

const dialog = () => screen.getByRole('alertdialog', { name: 'Export-controlled technical data' });
const ok = () => screen.getByRole('button', { name: 'OK' });

describe('ExportControlWarning', () => {
  it('opens with focus on OK and the page behind it out of reach', () => {
    const { root } = renderPage();
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(ok());
    expect(root.hasAttribute('inert')).toBe(true);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user } = renderPage();
    await user.tab();
    expect(document.activeElement).toBe(ok());
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(ok());
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(ok());
  });

  it('stays open on Escape and on a click beside it, because it must be acknowledged', async () => {
    const acknowledge = vi.fn();
    const { user } = renderPage(acknowledge);
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(dialog()).toBeDefined();
    expect(acknowledge).not.toHaveBeenCalled();
  });

  it('closes on OK and gives the page back to the keyboard', async () => {
    const acknowledge = vi.fn();
    const { user, root } = renderPage(acknowledge);
    await user.click(ok());
    expect(acknowledge).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(root.hasAttribute('inert')).toBe(false);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Asset life' }));
  });

  it('gives focus back to where the user was when it opened', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.id = 'root';
    const user = userEvent.setup();
    render(<Page warned={false} />, { container: root });
    await user.click(screen.getByRole('button', { name: 'Export the report' }));
    expect(document.activeElement).toBe(ok());
    await user.click(ok());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export the report' }));
  });
});
