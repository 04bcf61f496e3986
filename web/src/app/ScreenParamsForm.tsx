import { useState, type FormEvent } from 'react';
import type { ScreenEntry } from './screenIndex.ts';
import { paramLabel } from '../navigation/paramLabel.ts';

interface ScreenParamsFormProps {
  entry: ScreenEntry;
  onBack: () => void;
  /** Called only with every parameter filled. */
  onOpen: (params: Record<string, string>) => void;
}

/**
 * The parameters a chosen screen's address needs, asked for in the search dialog (decision 0072):
 * one labelled field each, named as the screens' own forms name them.
 */
export function ScreenParamsForm({ entry, onBack, onOpen }: ScreenParamsFormProps) {
  const [values, setValues] = useState<Record<string, string>>({});
  const missing = entry.params.filter((p) => !values[p]?.trim());

  function open(event: FormEvent) {
    event.preventDefault();
    // `required` stops an empty field; one of spaces alone is empty too, and never reaches an address.
    if (missing.length > 0) return;
    onOpen(Object.fromEntries(entry.params.map((p) => [p, values[p]?.trim() ?? ''])));
  }

  return (
    <form className="screen-search-params-form" onSubmit={open}>
      <p className="hint">
        {entry.module}: this screen shows one {entry.params.map((p) => paramLabel(p).toLowerCase()).join(', ')}. Which?
      </p>
      {entry.params.map((name, i) => (
        <div key={name} className="screen-search-field">
          <label htmlFor={`screen-param-${name}`}>{paramLabel(name)}</label>
          <input
            id={`screen-param-${name}`}
            value={values[name] ?? ''}
            onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
            required
            // The form replaces the list the user was in: focus goes to what it asks first.
            autoFocus={i === 0}
          />
        </div>
      ))}
      <div className="screen-search-actions">
        <button type="submit">Open</button>
        <button type="button" className="secondary" onClick={onBack}>
          Back to the list
        </button>
      </div>
    </form>
  );
}
