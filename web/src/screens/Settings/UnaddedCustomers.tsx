import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { addCustomer, unaddedCustomersQuery } from '../../api/customers.ts';
import { ReasonField } from '../../ui/ReasonField.tsx';
import { useReason } from '../../ui/useReason.ts';
import { additionRefused } from './AddCustomer.tsx';

/** The customer ids users' claims name that are not customers yet, each added with one click (its id as its name). */
export function UnaddedCustomers({ onAdded }: { onAdded: (id: string) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const unadded = useQuery(unaddedCustomersQuery);
  const reason = useReason();
  const add = useMutation({
    mutationFn: (customerId: string) => addCustomer({ id: customerId, name: customerId, reason: reason.field.value.trim() }),
    onSuccess: (added) => {
      toast.success(`${added.name} added; rename it to give it its real name`);
      reason.clear();
      onAdded(added.id);
    },
    onError: (error, customerId) => toast.error(additionRefused(customerId, error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
  const addOne = (customerId: string) => {
    if (reason.require(`Say why, before adding ${customerId}: the reason goes to the audit log.`)) add.mutate(customerId);
  };

  const customers = unadded.data?.customers ?? [];
  return (
    <section aria-labelledby={`${id}-title`} className="unadded-customers">
      <h2 id={`${id}-title`}>In users’ claims, not added yet</h2>
      {unadded.isError && <p className="muted">The user pool could not be read, so the customer ids in users’ claims are not known.</p>}
      {unadded.data && customers.length === 0 && <p className="muted">Every customer id users’ claims name is a customer.</p>}
      {customers.length > 0 && (
        <>
          <ReasonField {...reason.field} label="Reason for adding them" placeholder="e.g. its users are signing in" />
          <ul className="unadded-list">
            {customers.map((c) => (
              <li key={c.id}>
                <span>
                  <strong>{c.id}</strong>{' '}
                  <span className="muted">
                    ({c.users} {c.users === 1 ? 'user' : 'users'})
                  </span>
                </span>
                <button type="button" className="secondary" disabled={add.isPending} onClick={() => addOne(c.id)} aria-label={`Add ${c.id}`}>
                  Add
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {unadded.data && !unadded.data.complete && <p className="hint">From the first {unadded.data.usersRead} users of the pool; the rest were not read.</p>}
    </section>
  );
}
