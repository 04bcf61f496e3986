import { useId } from 'react';
import { GUARD_OPENS_PER_USER } from '@platform/schemas';
import { MAX_RATE_PERCENT, MIN_OPENS, type GuardInput } from './pilotGuard.ts';

/**
 * The pilot's optional guard (issue 39): the highest failure rate of a screen the pilot changes, and
 * how many opens among the pilot's users before it is judged. Both empty: no guard.
 */
export function GuardFields({
  value,
  onChange,
  rateError,
  opensError,
}: {
  value: GuardInput;
  onChange: (value: GuardInput) => void;
  rateError?: string;
  opensError?: string;
}) {
  const id = useId();
  const minOpens = Number(value.minOpens);
  const usersNeeded = Number.isInteger(minOpens) && minOpens >= MIN_OPENS ? Math.ceil(minOpens / GUARD_OPENS_PER_USER) : 0;
  const field = (key: keyof GuardInput, label: string, error: string | undefined, attributes: { min: number; max?: number; step: string }) => (
    <div>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type="number"
        inputMode="decimal"
        {...attributes}
        value={value[key]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-${key}-error` : `${id}-hint`}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      />
      {error && (
        <p id={`${id}-${key}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
  return (
    <fieldset className="pilot-guard">
      <legend>Guard (optional)</legend>
      <p id={`${id}-hint`} className="hint">
        Ends the pilot by itself when a module screen it changes fails for the pilot&apos;s users more often than this, and more often than for everyone else,
        once they have opened it often enough to tell. It counts the first {GUARD_OPENS_PER_USER} opens of each user
        {usersNeeded === 1
          ? `: ${minOpens} opens can be one user's, whose failures alone can then end the pilot.`
          : usersNeeded
            ? `: ${minOpens} opens need at least ${usersNeeded} users.`
            : '.'}
      </p>
      <div className="form-row">
        {field('ratePercent', 'Highest failure rate (%)', rateError, { min: 0, max: MAX_RATE_PERCENT, step: 'any' })}
        {field('minOpens', 'Opens before it judges', opensError, { min: MIN_OPENS, step: '1' })}
      </div>
    </fieldset>
  );
}
