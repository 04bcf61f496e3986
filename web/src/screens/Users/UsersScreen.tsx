import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { STAFF_ROLE } from '@platform/schemas';
import { allUsersQuery, customerUsersQuery, downloadFile, getDownloadArtifact } from '../../api/main.ts';
import { publicConfigQuery } from '../../api/publicConfig.ts';
import { useApiClient } from '../../hooks/useApiClient.ts';
import { useCustomerId } from '../../hooks/useCustomerId.ts';
import { useCustomerNames } from '../../hooks/useCustomerNames.ts';
import { useUserManifest } from '../../hooks/useUserManifest.ts';
import type { ScreenProps } from '../screenProps.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { EmptyState, LoadState } from '../shared/LoadState.tsx';
import { groupByCustomer } from './groupByCustomer.ts';
import { ManageUsers } from './ManageUsers.tsx';
import { UserTable } from './UserTable.tsx';

/**
 * /settings/users: the users of the customer in context; staff with none chosen see everyone, by customer.
 * Staff manage them where the deployment has a user-management backend (decision 0049).
 */
export function UsersScreen({ title }: ScreenProps) {
  const client = useApiClient();
  const customerId = useCustomerId();
  const staff = useUserManifest().data?.user.role === STAFF_ROLE;
  const config = useQuery(publicConfigQuery).data;
  const managed = staff && Boolean(config?.backends.userManagement);
  if (managed)
    return (
      <article className="screen">
        <h1>{title}</h1>
        {customerId && <DownloadUsers customerId={customerId} />}
        <ManageUsers client={client} customerId={customerId} />
      </article>
    );
  return <UserList title={title} />;
}

/** The users as the main backend lists them, for reading. */
function UserList({ title }: Pick<ScreenProps, 'title'>) {
  const client = useApiClient();
  const customerId = useCustomerId();
  const staff = useUserManifest().data?.user.role === STAFF_ROLE;
  const everyone = staff && !customerId;
  const users = useQuery({
    ...(customerId ? customerUsersQuery(client, customerId) : allUsersQuery(client)),
    enabled: Boolean(customerId) || everyone,
  });
  // Staff may read customers' names; anyone else sees their own customer's id.
  const customerName = useCustomerNames(customerId ? [customerId] : (users.data?.users ?? []).map((u) => u.customerId ?? ''), staff);

  return (
    <article className="screen">
      <h1>{title}</h1>
      {!customerId && !everyone && <EmptyState>Your account belongs to no customer, so there are no users to show.</EmptyState>}
      {customerId && <DownloadUsers customerId={customerId} />}
      {(customerId || everyone) && !users.data && <LoadState what="the users" error={users.error} onRetry={() => void users.refetch()} />}
      {users.data &&
        (users.data.users.length === 0 ? (
          <EmptyState>No users yet.</EmptyState>
        ) : everyone ? (
          groupByCustomer(users.data.users).map(([customer, members]) => (
            <UserTable key={customer} caption={customer === '' ? 'No customer' : customerName(customer)} users={members} />
          ))
        ) : (
          <UserTable caption={`Users of ${customerName(customerId!)}`} users={users.data.users} />
        ))}
    </article>
  );
}

/** The users.csv artifact: a signed link from the main API, then the file itself. */
function DownloadUsers({ customerId }: { customerId: string }) {
  const client = useApiClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    const link = await getDownloadArtifact(client, customerId, 'users.csv');
    const saved = link.ok ? await downloadFile(link.value.url, `${customerId}-users`) : link;
    setBusy(false);
    if (saved.ok) toast.success(`Saved ${saved.value}`);
    else setError(saved.error);
  };
  return (
    <div className="screen-actions">
      <button type="button" className="secondary" onClick={() => void download()} disabled={busy}>
        {busy ? 'Preparing…' : 'Download users (CSV)'}
      </button>
      <ErrorNotice title="Could not download the users" error={error} onRetry={() => void download()} />
    </div>
  );
}
