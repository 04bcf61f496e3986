import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** "3 minutes ago", with the exact time for a tooltip. */
export function ago(iso: string): { text: string; exact: string } {
  const at = dayjs(iso);
  return { text: at.fromNow(), exact: at.format('YYYY-MM-DD HH:mm:ss') };
}
