/** Toasts (spec section 9): bottom-right, 5000 ms. */
export const TOAST_POSITION = 'bottom-right' as const;
export const TOAST_DURATION_MS = 5_000;
