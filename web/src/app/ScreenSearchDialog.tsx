import { Command } from 'cmdk';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { substituteParams } from '@platform/schemas';
import { matchPath } from 'react-router';
import { matchScreens, type ScreenEntry } from './screenIndex.ts';
import { ScreenParamsForm } from './ScreenParamsForm.tsx';
import { paramLabel } from '../navigation/paramLabel.ts';
import { routeLink } from '../navigation/routeLink.ts';
import './ScreenSearchDialog.css';

/** How many screens the list shows at once; the rest are counted, and found by typing more. */
const SHOWN_LIMIT = 50;

interface ScreenSearchDialogProps {
  entries: readonly ScreenEntry[];
  /** Recently opened screens still in the manifest, newest first, with the address they were opened at. */
  recents: ReadonlyArray<{ entry: ScreenEntry; path: string }>;
  /** Closes the dialog; `to` is the address chosen, or undefined when the user dismissed it. */
  onClose: (to?: string) => void;
}

/** A title as the list shows it: placeholders the user is still to fill read as "…". */
const pendingTitle = (title: string) => title.replace(/\{[^}]*\}/g, '…');

/** One screen in the list: its title, then its module, so both are read out with it. */
function Option({ value, title, entry, asks, onSelect }: { value: string; title: string; entry: ScreenEntry; asks: boolean; onSelect: () => void }) {
  return (
    <Command.Item value={value} onSelect={onSelect} className="screen-search-option">
      <span className="screen-search-title">{title}</span> <span className="screen-search-module">{entry.module}</span>
      {asks && entry.params.length > 0 && (
        <>
          {' '}
          <span className="screen-search-params">(asks for {entry.params.map(paramLabel).join(', ')})</span>
        </>
      )}
    </Command.Item>
  );
}

/**
 * The screen search (Ctrl+K): a modal dialog holding a combobox of the screens the user may open. The
 * combobox and its list are cmdk's (the keyboard model, `aria-activedescendant`, the option roles);
 * the modal is the app's own, as the export warning's is: a portal, the app behind it inert, focus
 * handed back on close (decision 0072). A screen whose address needs parameters asks for them here.
 */
export default function ScreenSearchDialog({ entries, recents, onClose }: ScreenSearchDialogProps) {
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<ScreenEntry>();
  const matches = useMemo(() => matchScreens(entries, query, SHOWN_LIMIT), [entries, query]);
  const showRecents = query.trim() === '' && recents.length > 0;

  useEffect(() => {
    // The page behind is out of reach (Tab, pointer, assistive technology) while the dialog is open.
    const app = document.getElementById('root');
    app?.setAttribute('inert', '');
    return () => app?.removeAttribute('inert');
  }, []);

  function choose(entry: ScreenEntry) {
    // Never an address with an unfilled ':param': such a screen asks for its parameters first.
    if (entry.params.length > 0) setChosen(entry);
    else onClose(routeLink(entry.route));
  }

  function keepKeysInside(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // The page behind is inert, but Tab past the last control would still leave for the browser's
    // own bar: it comes round to the first instead (and Shift+Tab the other way).
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('input, button, [href]')].filter((el) => !el.hasAttribute('disabled'));
    const first = controls[0];
    const last = controls.at(-1);
    if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    } else if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    }
  }

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer's shortcut past the dialog's edge; Close and Escape are the ways for everyone
    <div
      className="modal-backdrop screen-search-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div role="dialog" aria-modal="true" aria-labelledby="screen-search-heading" className="screen-search" onKeyDown={keepKeysInside}>
        <div className="screen-search-head">
          <h2 id="screen-search-heading">{chosen ? `Open ${pendingTitle(chosen.title)}` : 'Search screens'}</h2>
          <button type="button" className="link-button" onClick={() => onClose()}>
            Close
          </button>
        </div>
        {chosen ? (
          <ScreenParamsForm entry={chosen} onBack={() => setChosen(undefined)} onOpen={(params) => onClose(routeLink(chosen.route, params))} />
        ) : (
          <Command label="Screen or module" shouldFilter={false} vimBindings={false} loop className="screen-search-command">
            <Command.Input value={query} onValueChange={setQuery} placeholder="Type a screen or module name" autoFocus />
            <Command.List label="Screens">
              <Command.Empty>No screen matches “{query.trim()}”.</Command.Empty>
              {showRecents && (
                <Command.Group heading="Recently opened">
                  {recents.map(({ entry, path }) => {
                    const params = matchPath({ path: entry.route.fullPath, end: true }, path)?.params ?? {};
                    return (
                      <Option
                        key={path}
                        value={`recent ${path}`}
                        title={substituteParams(entry.title, params)}
                        entry={entry}
                        asks={false}
                        onSelect={() => onClose(routeLink(entry.route, params))}
                      />
                    );
                  })}
                </Command.Group>
              )}
              <Command.Group heading={query.trim() ? 'Matching screens' : 'All screens'}>
                {matches.shown.map((entry) => (
                  <Option key={entry.key} value={entry.key} title={pendingTitle(entry.title)} entry={entry} asks onSelect={() => choose(entry)} />
                ))}
              </Command.Group>
            </Command.List>
            <p className="screen-search-more" role="status">
              {matches.more > 0 ? `${matches.more} more: type more of the name to see them.` : ''}
            </p>
          </Command>
        )}
      </div>
    </div>,
    document.body,
  );
}
