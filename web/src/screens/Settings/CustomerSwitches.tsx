import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import toast from 'react-hot-toast';
import type { Customer, CustomerModule } from '@platform/schemas';
import { setCustomerModule } from '../../api/customers.ts';
import { isApiError } from '../../api/apiErrors.ts';
import { failureText } from '../../ui/errorText.ts';
import { ReasonField } from '../../ui/ReasonField.tsx';
import { useReason } from '../../ui/useReason.ts';

/** The customer's modules as switches. Every change needs a reason, which goes to the audit log. */
export function CustomerSwitches({ customer, names }: { customer: Customer; names: ReadonlyMap<string, string> }) {
  const queryClient = useQueryClient();
  const id = useId();
  const reason = useReason();
  const name = (key: string) => names.get(key) ?? key;

  const change = useMutation({
    mutationFn: ({ m, why }: { m: CustomerModule; why: string }) => setCustomerModule(customer.id, m.key, { enabled: !m.enabled, reason: why }, m.version),
    onSuccess: (saved) => {
      toast.success(`${name(saved.key)} switched ${saved.enabled ? 'on' : 'off'} for ${customer.name}`);
      reason.clear();
    },
    onError: (error, { m }) => {
      if (isApiError(error, 409)) {
        const current = (error.problem as { current?: CustomerModule } | undefined)?.current;
        toast.error(
          `Someone else changed ${name(m.key)} for ${customer.name} meanwhile${current ? `: it is now ${current.enabled ? 'on' : 'off'}` : ''}. Nothing was overwritten; check and try again.`,
        );
      } else {
        toast.error(failureText(`Could not switch ${name(m.key)}`, error));
      }
    },
    // Success or conflict, the list must show what the database holds now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });

  const flip = (m: CustomerModule) => {
    if (change.isPending) return;
    const why = reason.require('Say why, before switching a module: the reason goes to the audit log.');
    if (why) change.mutate({ m, why });
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Modules for {customer.name}</h2>
      <p className="hint">
        Users of {customer.name}, and staff acting for it, see a module only while it is on here (and their claims and the exposure rules allow it). Open pages
        follow within seconds.
      </p>
      <ReasonField {...reason.field} label="Reason for the change" placeholder="e.g. contract ended, pilot starts" />
      <ul className="switch-list">
        {customer.modules.map((m) => {
          const pending = change.isPending && change.variables?.m.key === m.key;
          return (
            <li key={m.key} data-module={m.key}>
              <label className="switch">
                {/* aria-disabled, not disabled: a disabled switch loses the keyboard's focus to the page (issue 35). */}
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={m.enabled}
                  checked={m.enabled}
                  aria-disabled={change.isPending || undefined}
                  onChange={() => flip(m)}
                />
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
