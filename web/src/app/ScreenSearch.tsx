import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { UserManifest } from '@platform/schemas';
import { recentScreens, rememberScreen } from './recentScreens.ts';
import { screenIndex } from './screenIndex.ts';
import './ScreenSearch.css';

// The dialog and its library come with the first open (or a hover on the button), never with the
// login page or the first screen (decision 0072).
const loadDialog = () => import('./ScreenSearchDialog.tsx');
const ScreenSearchDialog = lazy(loadDialog);

/** Whether the user's keyboard has ⌘ for the shortcut: there Ctrl+K stays the editors' "delete to line end". */
const onMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Whether a key press is the shortcut: Ctrl+K, or ⌘K on a Mac; with no other modifier. */
function isSearchShortcut(event: KeyboardEvent, mac = onMac()): boolean {
  if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return false;
  return mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
}

/**
 * The top bar's "Search screens" button and the Ctrl+K (⌘K) shortcut, anywhere in the signed-in app,
 * that open the screen search; and the memory of screens the user opened, which it lists first.
 */
export function ScreenSearch({ manifest }: { manifest: UserManifest }) {
  const entries = useMemo(() => screenIndex(manifest), [manifest]);
  const sub = manifest.user.sub;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [closedBy, setClosedBy] = useState<'dismissed' | 'chose'>();
  const [recents, setRecents] = useState<ReturnType<typeof recentScreens>>([]);
  // Where focus was when the dialog opened, to hand it back when the user dismisses it.
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    rememberScreen(sub, entries, pathname);
  }, [sub, entries, pathname]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // An editor that binds the same keys (CodeMirror on a Mac: Ctrl+K) has had them first.
      if (event.defaultPrevented || !isSearchShortcut(event)) return;
      event.preventDefault();
      if (!open) show();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  function show() {
    returnTo.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    // The screen the user is on is where they already are: not offered as a place to go.
    setRecents(recentScreens(sub, entries).filter((r) => r.path !== pathname));
    setOpen(true);
  }

  function close(to?: string) {
    setOpen(false);
    setClosedBy(to === undefined ? 'dismissed' : 'chose');
    if (to !== undefined) navigate(to);
  }

  useEffect(() => {
    // After the dialog has gone and the app behind it is reachable again (its cleanup ran first).
    if (!closedBy) return;
    setClosedBy(undefined);
    if (closedBy === 'dismissed' && returnTo.current?.isConnected) returnTo.current.focus();
    // The chosen screen: a keyboard user starts at its content, as after the skip link.
    else document.getElementById('main')?.focus();
  }, [closedBy]);

  const mac = onMac();
  return (
    <>
      <button
        type="button"
        className="screen-search-button"
        aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
        onClick={show}
        onPointerEnter={() => void loadDialog().catch(() => undefined)}
        onFocus={() => void loadDialog().catch(() => undefined)}
      >
        <span>
          Search <span className="visually-hidden">screens</span>
        </span>{' '}
        <kbd>{mac ? '⌘K' : 'Ctrl K'}</kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ScreenSearchDialog entries={entries} recents={recents} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
