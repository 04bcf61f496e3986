import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

// Spec section 9's display formats (dayjs): day-month-year, and a full UTC variant.
const DATE_FORMAT = 'DD-MMM-YYYY';
const DATE_TIME_UTC_FORMAT = 'DD-MMM-YYYY HH:mm:ss [UTC]';
/** What an invalid or missing date, or a nonsense size, displays as. */
const NO_DATE = '-';

type DateInput = string | number | Date | null | undefined;

/** ISO 8601 date or date-time, as the APIs send them. */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A date only when it is one: Date objects and epoch milliseconds as they are, strings only in ISO 8601
 * form and only for days that exist (dayjs alone would show 2026-02-31 as 3 March, and '0' as 2000).
 */
function valid(input: DateInput) {
  if (input === null || input === undefined || input === '') return undefined;
  if (typeof input === 'string') {
    const parts = ISO.exec(input.trim());
    if (!parts) return undefined;
    const [, year, month, day] = parts.map(Number) as [number, number, number, number];
    const calendar = new Date(Date.UTC(year, month - 1, day));
    if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined;
  }
  const date = dayjs(input);
  return date.isValid() ? date : undefined;
}

/** 23-Nov-2026 in the viewer's time zone; '-' for a missing or invalid date. */
export function formatDate(input: DateInput): string {
  return valid(input)?.format(DATE_FORMAT) ?? NO_DATE;
}

/** 23-Nov-2026 14:05:09 UTC; '-' for a missing or invalid date. */
export function formatDateTimeUtc(input: DateInput): string {
  return valid(input)?.utc().format(DATE_TIME_UTC_FORMAT) ?? NO_DATE;
}

const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * 1536 → "1.5 KB", 1482113 → "1.41 MB": steps of 1024, Bytes to YB, rounded to 2 decimals unless told
 * otherwise, without trailing zeros; '-' for nonsense.
 */
export function formatBytes(bytes: number | null | undefined, decimals = 2): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return NO_DATE;
  if (bytes === 0) return '0 Bytes';
  const places = Math.max(0, Math.floor(decimals));
  let step = Math.min(BYTE_UNITS.length - 1, Math.max(0, Math.floor(Math.log(bytes) / Math.log(1024))));
  let value = Number.parseFloat((bytes / 1024 ** step).toFixed(places));
  // 1048575 bytes rounds to 1024 KB, which is 1 MB.
  if (value >= 1024 && step < BYTE_UNITS.length - 1) {
    step += 1;
    value = Number.parseFloat((bytes / 1024 ** step).toFixed(places));
  }
  return `${value} ${BYTE_UNITS[step]}`;
}
