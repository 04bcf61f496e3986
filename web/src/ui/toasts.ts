import type { ToasterProps } from 'react-hot-toast';

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

/** A toast as wide as the space given it (react-hot-toast caps it at 350 px). */
const FILLING = { ...TOAST_OPTIONS, style: { maxWidth: '100%' } };

/**
 * Where toasts show. The spec (section 9) says bottom-right, but there they covered forms' fields for
 * 5 s: the content runs to the window's right edge (issue 35). From the mobile breakpoint up they sit
 * bottom-left over the navigation column (15rem), no wider than it, so never over the content; on a
 * narrow screen, where the content is the whole width, at the top over the top bar, leaving its Menu
 * button free.
 */
export function toastPlacement(narrow: boolean): Pick<ToasterProps, 'position' | 'containerStyle' | 'toastOptions'> {
  return narrow
    ? { position: 'top-left', containerStyle: { top: '0.5rem', right: '6.5rem', bottom: 'auto', left: '0.5rem' }, toastOptions: FILLING }
    : { position: 'bottom-left', containerStyle: { top: 'auto', right: 'auto', bottom: '1rem', left: '1rem', width: '13rem' }, toastOptions: FILLING };
}
