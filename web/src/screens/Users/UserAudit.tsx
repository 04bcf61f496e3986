import { useInfiniteQuery } from '@tanstack/react-query';
import type { UserAuditPage } from '@platform/schemas';
import type { ApiClient } from '../../api/apiClient.ts';
import { userAuditQuery } from '../../api/userManagement.ts';
import { AuditTable } from '../shared/AuditTable.tsx';

type Entry = UserAuditPage['entries'][number];

const ACTIONS: Record<Entry['action'], string> = {
  invite: 'Invited',
  change: 'Changed',
  disable: 'Disabled',
  enable: 'Enabled',
  'reset-mfa': 'MFA reset',
  'resend-invitation': 'Invitation sent again',
  sync: 'Directory reconciliation asked for',
};
/** An outcome other than done, after the action (issue 37); absent is done. */
const OUTCOMES: Record<NonNullable<Entry['outcome']>, string> = {
  done: '',
  failed: ' (failed)',
  refused: ' (refused: own rights)',
  pending: ' (outcome unknown)',
};
const FIELDS: Record<string, string> = {
  givenName: 'Given name',
  familyName: 'Family name',
  role: 'Role',
  customerId: 'Customer',
  modules: 'Modules',
  landingPageModuleKey: 'Landing module',
  requireMFA: 'Require MFA',
};

/** Who changed which user, when, what and why, newest first. */
export function UserAudit({ client }: { client: ApiClient }) {
  const audit = useInfiniteQuery(userAuditQuery(client));
  return (
    <AuditTable
      title="User changes"
      label="User changes"
      audit={audit}
      columns={[
        { header: 'User', cell: (e: Entry) => e.email || e.username || 'All users' },
        { header: 'Action', cell: (e: Entry) => `${ACTIONS[e.action]}${OUTCOMES[e.outcome ?? 'done']}` },
        {
          header: 'Changes',
          cell: (e: Entry) =>
            e.changes.length === 0 ? (
              <span className="muted">—</span>
            ) : (
              <ul className="plain-list">
                {e.changes.map((c) => (
                  <li key={c.field}>
                    {FIELDS[c.field] ?? c.field}: {c.before ?? 'none'} → <strong>{c.after ?? 'none'}</strong>
                  </li>
                ))}
              </ul>
            ),
        },
      ]}
      what="the user changes"
      empty="No user has been changed here yet."
      older="Show older user changes"
    />
  );
}
