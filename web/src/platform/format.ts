import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMAT, DATE_TIME_UTC_FORMAT, NO_DATE } from './constants.ts';

dayjs.extend(utc);

type DateInput = string | number | Date | null | undefined;

function valid(input: DateInput) {
  if (input === null || input === undefined || input === '') return undefined;
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
  const step = Math.min(BYTE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${Number.parseFloat((bytes / 1024 ** step).toFixed(places))} ${BYTE_UNITS[step]}`;
}
