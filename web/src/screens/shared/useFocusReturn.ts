import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Puts focus back where the keyboard user was once a dialog or form they opened is gone (issue 35,
 * decision 0074). `remember` takes the control that opened it; `restore` focuses it after the next
 * render or, when that render removed it (a refetch took the Reset MFA button away), the first button
 * of its table row, which keeps its identity across the refetch; when the row is gone too, what
 * `fallback` finds then (the button that brings a closed form back).
 */
export function useFocusReturn() {
  const opener = useRef<{ element: HTMLElement; row: HTMLElement | null } | null>(null);
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  const [restores, setRestores] = useState(0);
  // After the render that closed the dialog: the opener, or its stand-in, is in the page by then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per restore, the count is the trigger
  useLayoutEffect(() => {
    const find = pending.current;
    pending.current = null;
    find?.()?.focus();
  }, [restores]);
  return {
    remember: (element: HTMLElement) => {
      opener.current = { element, row: element.closest('tr') };
    },
    restore: (fallback: () => HTMLElement | null | undefined = () => null) => {
      const { element, row } = opener.current ?? { element: null, row: null };
      pending.current = () => {
        if (element?.isConnected) return element;
        return (row?.isConnected ? row.querySelector('button') : null) ?? fallback();
      };
      setRestores((n) => n + 1);
    },
  };
}
