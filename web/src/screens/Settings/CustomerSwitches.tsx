import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { CustomerList, CustomerModule } from '@platform/schemas';
import { setCustomerModule } from '../../api/customers.ts';
import { isApiError } from '../../api/apiErrors.ts';

type Customer = CustomerList['customers'][number];

/** The customer's modules as switches. Every change needs a reason, which goes to the audit log. */
export function CustomerSwitches({ customer, names }: { customer: Customer; names: ReadonlyMap<string, string> }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const name = (key: string) => names.get(key) ?? key;

  const change = useMutation({
    mutationFn: (m: CustomerModule) => setCustomerModule(customer.id, m.key, { enabled: !m.enabled, reason: reason.trim() }, m.version),
    onSuccess: (saved) => {
      toast.success(`${name(saved.key)} switched ${saved.enabled ? 'on' : 'off'} for ${customer.name}`);
      setReason('');
    },
    onError: (error, m) => {
      if (isApiError(error, 409)) {
        const current = (error.problem as { current?: CustomerModule } | undefined)?.current;
        toast.error(
          `Someone else changed ${name(m.key)} for ${customer.name} meanwhile${current ? `: it is now ${current.enabled ? 'on' : 'off'}` : ''}. Nothing was overwritten; check and try again.`,
          {
            duration: 8_000,
          },
        );
      } else {
        toast.error(`Could not switch ${name(m.key)}: ${error.message}`);
      }
    },
    // Success or conflict, the list must show what the database holds now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });

  const flip = (m: CustomerModule) => {
    if (!reason.trim()) {
      setReasonError('Say why, before switching a module: the reason goes to the audit log.');
      reasonField.current?.focus();
      return;
    }
    setReasonError('');
    change.mutate(m);
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Modules for {customer.name}</h2>
      <p className="hint">
        Users of {customer.name}, and staff acting for it, see a module only while it is on here (and their claims and the exposure rules allow it). Open pages
        follow within seconds.
      </p>
      <div className="form reason-field">
        <label htmlFor={`${id}-reason`}>Reason for the change</label>
        <textarea
          id={`${id}-reason`}
          ref={reasonField}
          value={reason}
          maxLength={500}
          rows={2}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
          placeholder="e.g. contract ended, pilot starts"
          onChange={(e) => setReason(e.target.value)}
        />
        {reasonError && (
          <p id={`${id}-reason-error`} className="form-error" role="alert">
            {reasonError}
          </p>
        )}
      </div>
      <ul className="switch-list">
        {customer.modules.map((m) => {
          const pending = change.isPending && change.variables?.key === m.key;
          return (
            <li key={m.key} data-module={m.key}>
              <label className="switch">
                <input type="checkbox" role="switch" aria-checked={m.enabled} checked={m.enabled} disabled={change.isPending} onChange={() => flip(m)} />
                <span className="switch-name">
                  {name(m.key)} <span className="muted">({m.key})</span>
                </span>
                <span className={m.enabled ? 'badge badge-ok' : 'badge badge-off'}>{pending ? 'saving…' : m.enabled ? 'on' : 'off'}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
