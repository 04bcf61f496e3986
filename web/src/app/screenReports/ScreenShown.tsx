import { useContext, useEffect } from 'react';
import { ScreenOutcomeContext } from './screenOutcome.ts';

/**
 * Placed beside the screen, where nothing but the screen itself is rendered (inside its Suspense
 * boundary, past any loading state of its own): its effect runs when the screen is committed, so it
 * marks the screen's first render. A screen that throws takes it down with it: never shown.
 */
export function ScreenShown() {
  const outcome = useContext(ScreenOutcomeContext);
  useEffect(() => outcome?.shown(), [outcome]);
  return null;
}
