import { DEMO_ACCOUNTS, DEMO_PASSWORD, INVITED_DEMO_ACCOUNT } from './demoAccounts.ts';

/** The start-up banner's lines on the demo accounts a developer can sign in with, and what each one is. */
export function demoAccountLines(): string[] {
  const lines = [`  Demo accounts (password ${DEMO_PASSWORD}):`];
  for (const a of DEMO_ACCOUNTS) {
    const who = a.unusableAuth ? 'misconfigured (custom:auth cannot be read)' : `${a.auth?.role ?? '-'}${a.auth?.customerId ? ` @ ${a.auth.customerId}` : ''}`;
    lines.push(`    ${a.email.padEnd(26)} ${who}`);
  }
  lines.push(`    ${INVITED_DEMO_ACCOUNT.email.padEnd(26)} invited: its temporary password is in the log; sign-in asks for a new one`);
  return lines;
}
