import type { DirectoryUser } from './userDirectory.ts';

/** A cell spreadsheets would run as a formula is made text (OWASP: CSV injection). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The users as RFC 4180 CSV with a header row. */
export function usersCsv(users: readonly DirectoryUser[]): string {
  const rows = [['email', 'given_name', 'family_name', 'role', 'mfa', 'status']];
  for (const u of users) rows.push([u.email, u.givenName, u.familyName, u.role ?? '', u.mfa, u.status]);
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
