import type { CustomerChoice } from '../../ui/CustomerCombobox.tsx';
import { CustomerCombobox } from '../../ui/CustomerCombobox.tsx';

interface CustomerPicksProps {
  /** The group's name, e.g. "Customers in the pilot". */
  legend: string;
  /** The search box's name, e.g. "Add a customer to the pilot". */
  label: string;
  chosen: readonly CustomerChoice[];
  onChange: (chosen: CustomerChoice[]) => void;
  /** Shown under the group and named by the box as its description, e.g. "Choose at least one customer". */
  error?: string;
  id: string;
}

/**
 * Several customers, each found by typing in the shared search box (decision 0050) and listed with a
 * button that removes it; the box no longer offers one already chosen.
 */
export function CustomerPicks({ legend, label, chosen, onChange, error, id }: CustomerPicksProps) {
  const errorId = `${id}-error`;
  return (
    <fieldset className="customer-picks" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {chosen.length > 0 && (
        <ul className="chosen-customers" aria-label={legend}>
          {chosen.map((c) => (
            <li key={c.id}>
              {c.name} <span className="muted">({c.id})</span>{' '}
              <button type="button" className="link-button" aria-label={`Remove ${c.name}`} onClick={() => onChange(chosen.filter((x) => x.id !== c.id))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <CustomerCombobox
        className="in-form"
        label={label}
        value={null}
        hiddenIds={chosen.map((c) => c.id)}
        describedBy={error ? errorId : undefined}
        onChoose={(customer) => customer && onChange([...chosen, customer])}
      />
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
