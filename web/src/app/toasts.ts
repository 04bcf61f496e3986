import type { ToasterProps } from 'react-hot-toast';

/** Toasts (spec section 9): bottom-right, 5000 ms. */
export const TOAST_POSITION = 'bottom-right' as const;
const TOAST_DURATION_MS = 5_000;
/**
 * A failure stays longer: it says what could not be done, why and what to do (a conflict's sentence
 * runs to 25 words). Set once here, so no screen gives a toast a duration of its own.
 */
const FAILURE_TOAST_DURATION_MS = 8_000;

/** What every toast of the app is given, by the one Toaster. */
/** A warning (a plain toast, neither success nor failure) asks the user to check something, so it stays as long as a failure. */
export const TOAST_OPTIONS: ToasterProps['toastOptions'] = {
  duration: TOAST_DURATION_MS,
  error: { duration: FAILURE_TOAST_DURATION_MS },
  blank: { duration: FAILURE_TOAST_DURATION_MS },
};
