import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer } from '@platform/schemas';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { renameCustomer } from '../../api/customers.ts';
import { isApiError } from '../../api/apiErrors.ts';
import { failureText } from '../../ui/errorText.ts';
import { ReasonField } from '../../ui/ReasonField.tsx';
import { useReason } from '../../ui/useReason.ts';

/** Renames the customer at the version read; its id stays, since users' claims name it. */
export function RenameCustomer({ customer }: { customer: Customer }) {
  const id = useId();
  const queryClient = useQueryClient();
  const reason = useReason();
  const [name, setName] = useState(customer.name);
  const rename = useMutation({
    mutationFn: (why: string) => renameCustomer(customer.id, { name: name.trim(), reason: why }, customer.version),
    onSuccess: (saved) => {
      toast.success(`${customer.name} is now ${saved.name}`);
      reason.clear();
    },
    onError: (error) =>
      toast.error(
        isApiError(error, 409)
          ? `Someone else renamed ${customer.name} meanwhile. Nothing was overwritten; check the name and try again.`
          : failureText(`Could not rename ${customer.name}`, error),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const why = reason.require('Say why, before renaming a customer: the reason goes to the audit log.');
    if (why && name.trim()) rename.mutate(why);
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Name of {customer.id}</h2>
      <form className="form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} value={name} maxLength={200} required onChange={(e) => setName(e.target.value)} />
        <ReasonField {...reason.field} label="Reason for renaming" placeholder="e.g. rebranded" />
        <div className="form-actions">
          <button type="submit" disabled={rename.isPending || !name.trim() || name.trim() === customer.name}>
            {rename.isPending ? 'Renaming…' : 'Rename'}
          </button>
        </div>
      </form>
    </section>
  );
}
