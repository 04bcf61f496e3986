import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_ID_PATTERN, type Customer } from '@platform/schemas';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { addCustomer } from '../../api/customers.ts';
import { isApiError } from '../../api/apiErrors.ts';
import { failureText } from '../../ui/errorText.ts';
import { ReasonField } from '../../ui/ReasonField.tsx';
import { useReason } from '../../ui/useReason.ts';

/** What the toast and the form say when the service refuses an addition. */
export function additionRefused(id: string, error: Error): string {
  if (isApiError(error, 409)) {
    const current = (error.problem as { current?: { name?: string } } | undefined)?.current;
    return `A customer with the id ${id} exists already${current?.name ? ` (${current.name})` : ''}. Choose another id, or rename that one.`;
  }
  return failureText(`Could not add ${id}`, error);
}

/** Adds a customer: the id users' claims name, the name operators see, and why. */
export function AddCustomer({ onAdded }: { onAdded: (id: string) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const reason = useReason();
  const [customerId, setCustomerId] = useState('');
  const [name, setName] = useState('');
  const [idError, setIdError] = useState('');
  const add = useMutation({
    mutationFn: addCustomer,
    onSuccess: (added: Customer) => {
      toast.success(`${added.name} added: its modules follow each module's default for new customers`);
      setCustomerId('');
      setName('');
      reason.clear();
      onAdded(added.id);
    },
    onError: (error, { id: added }) => toast.error(additionRefused(added, error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = new RegExp(CUSTOMER_ID_PATTERN).test(customerId);
    setIdError(valid ? '' : 'The id is what users’ claims name: lower-case letters, digits and dashes, not starting with a dash.');
    const why = reason.require('Say why, before adding a customer: the reason goes to the audit log.');
    if (valid && why) add.mutate({ id: customerId, name: name.trim() || customerId, reason: why });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="add-customer">
      <h2 id={`${id}-title`}>Add a customer</h2>
      <form className="form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        <div className="form-row">
          <div>
            <label htmlFor={`${id}-id`}>Customer id</label>
            <input
              id={`${id}-id`}
              value={customerId}
              maxLength={63}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={idError ? true : undefined}
              aria-describedby={`${id}-id-hint${idError ? ` ${id}-id-error` : ''}`}
              onChange={(e) => setCustomerId(e.target.value.trim())}
            />
            <p id={`${id}-id-hint`} className="hint">
              As users’ claims name it (customerId); it cannot change later.
            </p>
            {idError && (
              <p id={`${id}-id-error`} className="form-error" role="alert">
                {idError}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-name`}>Name</label>
            <input id={`${id}-name`} value={name} maxLength={200} placeholder="The id, unless given" onChange={(e) => setName(e.target.value)} />
          </div>
        </div>
        <ReasonField {...reason.field} label="Reason for adding it" placeholder="e.g. contract signed" />
        <div className="form-actions">
          <button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add the customer'}
          </button>
        </div>
      </form>
    </section>
  );
}
