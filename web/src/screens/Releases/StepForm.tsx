import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { customerPickerQuery } from '../../api/customers.ts';
import { activateRelease, startPilot } from '../../api/releases.ts';
import { ReasonField } from '../shared/ReasonField.tsx';
import { useReason } from '../shared/useReason.ts';
import { ReleaseDiffView } from './ReleaseDiffView.tsx';
import { useReleaseStep } from './useReleaseStep.ts';

type Step =
  | { kind: 'activate'; release: string; reason: string; active: string }
  | { kind: 'pilot'; release: string; customers: string[]; reason: string; active: string };

/**
 * Making a release active (a rollback, when it is an earlier one) or piloting it with some customers:
 * what changes for users first, then the reason; the step names the active release it was decided on.
 */
export function StepForm({ kind, release, active, onDone }: { kind: 'activate' | 'pilot'; release: string; active: string; onDone: () => void }) {
  const id = useId();
  const customers = useQuery(customerPickerQuery);
  const reason = useReason();
  const [chosen, setChosen] = useState<string[]>([]);
  const [customersError, setCustomersError] = useState('');
  const step = useReleaseStep(
    (s: Step) => (s.kind === 'activate' ? activateRelease(s.release, s.reason, s.active) : startPilot(s.release, s.customers, s.reason, s.active)),
    (s) => (s.kind === 'activate' ? `Release ${s.release} is now served to everyone` : `Release ${s.release} is piloted with ${s.customers.join(', ')}`),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pilotWithoutCustomers = kind === 'pilot' && chosen.length === 0;
    setCustomersError(pilotWithoutCustomers ? 'Choose at least one customer for the pilot.' : '');
    const why = reason.require(`Say why, before ${kind === 'activate' ? 'making a release active' : 'starting a pilot'}: the reason goes to the audit list.`);
    if (!why || pilotWithoutCustomers) return;
    const common = { release, reason: why, active };
    step.mutate(kind === 'activate' ? { kind, ...common } : { kind, customers: chosen, ...common }, { onSuccess: onDone });
  };

  const heading = kind === 'activate' ? `Make ${release} active` : `Pilot ${release}`;
  return (
    <section aria-labelledby={`${id}-title`} className="step-form">
      <h2 id={`${id}-title`}>{heading}</h2>
      <ReleaseDiffView from={active} to={release} title="What changes for users" />
      <form className="form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        {kind === 'pilot' && (
          <fieldset className="customer-picks" aria-describedby={customersError ? `${id}-customers-error` : undefined}>
            <legend>Customers in the pilot</legend>
            {customers.data?.customers.map((c) => (
              <label key={c.id} className="check">
                <input
                  type="checkbox"
                  checked={chosen.includes(c.id)}
                  onChange={(e) => setChosen((list) => (e.target.checked ? [...list, c.id] : list.filter((x) => x !== c.id)))}
                />{' '}
                {c.name} <span className="muted">({c.id})</span>
              </label>
            ))}
            {customersError && (
              <p id={`${id}-customers-error`} className="form-error" role="alert">
                {customersError}
              </p>
            )}
          </fieldset>
        )}
        <ReasonField {...reason.field} label={kind === 'activate' ? 'Reason for making it active' : 'Reason for the pilot'} />
        <div className="form-actions">
          <button type="submit" disabled={step.isPending}>
            {step.isPending ? 'Working…' : kind === 'activate' ? 'Make it active for everyone' : 'Start the pilot'}
          </button>
          <button type="button" className="secondary" onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
