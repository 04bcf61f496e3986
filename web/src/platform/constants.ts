/**
 * The business constants of spec section 9, in one place. What a deployment may change (environment,
 * region) comes from the runtime configuration the service hands out; these are the fallbacks.
 */

/** Toasts: bottom-right, 5000 ms. */
export const TOAST_POSITION = 'bottom-right' as const;
export const TOAST_DURATION_MS = 5_000;

/** Date display formats (dayjs): day-month-year, and a full UTC variant. */
export const DATE_FORMAT = 'DD-MMM-YYYY';
export const DATE_TIME_UTC_FORMAT = 'DD-MMM-YYYY HH:mm:ss [UTC]';

/** What an invalid or missing date displays as. */
export const NO_DATE = '-';
