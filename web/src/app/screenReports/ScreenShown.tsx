import { useContext, useEffect } from 'react';
import { ScreenOutcomeContext } from './screenOutcome.ts';

/**
 * Placed beside the screen inside its Suspense boundary: its effect runs when the screen itself is
 * committed, not the loading state, so it marks the screen's first render.
 */
export function ScreenShown() {
  const outcome = useContext(ScreenOutcomeContext);
  useEffect(() => outcome?.shown(), [outcome]);
  return null;
}
