import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { EXPORT_WARNING_PARAM } from '../navigation/routeLink.ts';

/**
 * The export-control warning: a modal with one button. Escape and clicks on the backdrop leave it
 * open, because the user must acknowledge it; OK closes it for this visit.
 */
export function ExportControlWarning({ onAcknowledge }: { onAcknowledge: () => void }) {
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Where the user was (a link just followed, say): focus goes back there once the warning is gone.
    const before = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const app = document.getElementById('root');
    app?.setAttribute('inert', '');
    ok.current?.focus();
    const keep = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
      }
      // OK is the only control, so focus stays on it.
      if (event.key === 'Tab') {
        event.preventDefault();
        ok.current?.focus();
      }
    };
    document.addEventListener('keydown', keep, true);
    return () => {
      document.removeEventListener('keydown', keep, true);
      app?.removeAttribute('inert');
      if (before?.isConnected) before.focus();
    };
  }, []);

  return createPortal(
    <div className="modal-backdrop" data-testid="modal-backdrop">
      <div role="alertdialog" aria-modal="true" aria-labelledby="export-control-title" aria-describedby="export-control-text" className="modal">
        <h2 id="export-control-title">Export-controlled technical data</h2>
        <p id="export-control-text">
          This page may contain technical data whose export is restricted by law. Do not share it with anyone who is not authorised to receive it, and do not
          take it outside the countries it is licensed for.
        </p>
        <button type="button" ref={ok} onClick={onAcknowledge}>
          OK
        </button>
      </div>
    </div>,
    document.body,
  );
}

/** Whether the address asks for the warning: showNistWarning with any value but 0 or false. */
export function wantsExportWarning(search: string): boolean {
  const value = new URLSearchParams(search).get(EXPORT_WARNING_PARAM);
  return value !== null && value !== '0' && value.toLowerCase() !== 'false';
}
