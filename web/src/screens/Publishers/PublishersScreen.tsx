import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Publisher } from '@platform/schemas';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { adminModulesQuery } from '../../api/admin.ts';
import { publishersQuery, revokePublisher } from '../../api/publishers.ts';
import type { ScreenProps } from '../screenProps.ts';
import { EmptyState, LoadState } from '../shared/LoadState.tsx';
import { useFocusReturn } from '../shared/useFocusReturn.ts';
import { AddPublisher } from './AddPublisher.tsx';
import { PublisherTable } from './PublisherTable.tsx';
import { RevokePublisherDialog } from './RevokePublisherDialog.tsx';

/**
 * /settings/publishers (staff, issue 38): the module teams' CI systems trusted to publish their modules'
 * bundles with their own OpenID Connect tokens instead of a stored password, registering one and
 * revoking one with a reason.
 */
export function PublishersScreen({ title }: ScreenProps) {
  const queryClient = useQueryClient();
  const publishers = useQuery(publishersQuery);
  // Module names and the registry's keys; the list's polling is for the modules screen, not needed here.
  const modules = useQuery({ ...adminModulesQuery, refetchInterval: false });
  const [revoking, setRevoking] = useState<Publisher | undefined>();
  const focus = useFocusReturn();
  const names = new Map(modules.data?.modules.map((m) => [m.key, m.name]));
  const revoke = useMutation({
    mutationFn: revokePublisher,
    onSuccess: (_, { id }) => {
      const gone = publishers.data?.publishers.find((p) => p.id === id);
      toast.success(`${gone?.subject ?? 'The publisher'} revoked: its CI can no longer publish`);
      setRevoking(undefined);
      focus.restore(() => document.querySelector<HTMLElement>('.publishers-screen h1'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: publishersQuery.queryKey }),
  });

  return (
    <article className="screen publishers-screen">
      <h1>{title}</h1>
      <p className="muted">
        A module team’s CI publishes its modules’ bundles with the OpenID Connect token its CI issues to the job, exchanged for a publish token that lives 15
        minutes: no password is stored in CI. A publisher may upload its modules’ bundles and publish, pilot, promote and end the pilot of a release that
        changes only their bundles; nothing else.
      </p>
      {!publishers.data && <LoadState what="the publishers" error={publishers.error} onRetry={() => void publishers.refetch()} />}
      {publishers.data &&
        (publishers.data.publishers.length === 0 ? (
          <EmptyState>No trusted publishers yet: register a module team’s CI below.</EmptyState>
        ) : (
          <PublisherTable
            publishers={publishers.data.publishers}
            names={names}
            onRevoke={(publisher, opener) => {
              focus.remember(opener);
              revoke.reset();
              setRevoking(publisher);
            }}
          />
        ))}
      <AddPublisher modules={modules.data?.modules ?? []} modulesError={modules.error} />
      {revoking && (
        <RevokePublisherDialog
          publisher={revoking}
          onRevoke={(reason) => revoke.mutateAsync({ id: revoking.id, reason })}
          onClose={() => {
            setRevoking(undefined);
            focus.restore();
          }}
        />
      )}
    </article>
  );
}
