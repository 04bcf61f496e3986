import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { activateRelease, startPilot, type PilotGuard } from '../../api/releases.ts';
import type { CustomerChoice } from '../../ui/CustomerCombobox.tsx';
import { CustomerPicks } from '../shared/CustomerPicks.tsx';
import { ReasonField } from '../../ui/ReasonField.tsx';
import { useReason } from '../../ui/useReason.ts';
import { GuardFields } from './GuardFields.tsx';
import { readGuard, type GuardInput, type GuardReading } from './pilotGuard.ts';
import { ReleaseDiffView } from './ReleaseDiffView.tsx';
import { useReleaseStep } from './useReleaseStep.ts';

type Step =
  | { kind: 'activate'; release: string; reason: string; active: string }
  | { kind: 'pilot'; release: string; customers: string[]; reason: string; active: string; guard: PilotGuard | null };

/**
 * Making a release active (a rollback, when it is an earlier one) or piloting it with some customers:
 * what changes for users first, then the reason; the step names the active release it was decided on.
 */
export function StepForm({ kind, release, active, onDone }: { kind: 'activate' | 'pilot'; release: string; active: string; onDone: () => void }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const reason = useReason();
  const [chosen, setChosen] = useState<CustomerChoice[]>([]);
  const [customersError, setCustomersError] = useState('');
  const [guardInput, setGuardInput] = useState<GuardInput>({ ratePercent: '', minOpens: '' });
  const [guardErrors, setGuardErrors] = useState<GuardReading>({ guard: null });
  const step = useReleaseStep(
    (s: Step) =>
      s.kind === 'activate' ? activateRelease(s.release, s.reason, s.active) : startPilot(s.release, s.customers, s.reason, s.active, s.guard ?? undefined),
    (s) => (s.kind === 'activate' ? `Release ${s.release} is now served to everyone` : `Release ${s.release} is piloted with ${s.customers.join(', ')}`),
  );

  // The form opens above the table the step was chosen in, dozens of Tabs from its button: a keyboard
  // user is taken to its first field (issue 35).
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pilotWithoutCustomers = kind === 'pilot' && chosen.length === 0;
    setCustomersError(pilotWithoutCustomers ? 'Choose at least one customer for the pilot.' : '');
    const guard = readGuard(guardInput);
    setGuardErrors(guard);
    const why = reason.require(`Say why, before ${kind === 'activate' ? 'making a release active' : 'starting a pilot'}: the reason goes to the audit list.`);
    if (!why || pilotWithoutCustomers || (kind === 'pilot' && guard.guard === undefined)) return;
    const common = { release, reason: why, active };
    step.mutate(kind === 'activate' ? { kind, ...common } : { kind, customers: chosen.map((c) => c.id), guard: guard.guard ?? null, ...common }, {
      onSuccess: onDone,
    });
  };

  const heading = kind === 'activate' ? `Make ${release} active` : `Pilot ${release}`;
  return (
    <section aria-labelledby={`${id}-title`} className="step-form">
      <h2 id={`${id}-title`}>{heading}</h2>
      <ReleaseDiffView from={active} to={release} title="What changes for users" />
      <form ref={form} className="form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        {kind === 'pilot' && (
          <CustomerPicks
            id={`${id}-customers`}
            legend="Customers in the pilot"
            label="Add a customer to the pilot"
            chosen={chosen}
            onChange={setChosen}
            error={customersError}
          />
        )}
        {kind === 'pilot' && <GuardFields value={guardInput} onChange={setGuardInput} rateError={guardErrors.rateError} opensError={guardErrors.opensError} />}
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
