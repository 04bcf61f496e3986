import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { formatDateTimeUtc } from './format.ts';

dayjs.extend(relativeTime);

/** "3 minutes ago", with the exact time in the spec's format (section 9) for a tooltip. */
export function ago(iso: string): { text: string; exact: string } {
  return { text: dayjs(iso).fromNow(), exact: formatDateTimeUtc(iso) };
}
