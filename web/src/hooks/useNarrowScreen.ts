import { useSyncExternalStore } from 'react';

/** The spec's mobile breakpoint: below it the navigation folds behind the Menu button (styles.css). */
const NARROW = '(max-width: 767px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the window is narrower than the mobile breakpoint, kept up to date as it is resized. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches);
}
