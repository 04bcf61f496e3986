import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { substituteParams } from '@platform/schemas';
import { paramLabel } from '../../navigation/paramLabel.ts';
import { routeLink } from '../../navigation/routeLink.ts';

/** A title with the parameters still to be asked for shown as '…': "Job {jobId}" → "Job …". */
const withGaps = (title: string, known: Readonly<Record<string, string | undefined>>) =>
  substituteParams(title, known).replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, '…');

/** A value the platform knows for a parameter, and what a person calls it. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * Opens a screen whose address needs values nobody has linked to yet: one labelled field per missing
 * parameter, and the screen opens with them filled in (encoded). An empty field is refused with a
 * message, since an address with an empty segment would be another screen or none. Values the
 * platform knows are offered as links when one value is missing, and so are the values the user
 * opened the screen with lately; the field stays for any other (links, not a datalist: the field stays
 * a plain text box, and a phone shows every choice at once).
 */
export function ParamForm({
  pattern,
  title,
  missing,
  known,
  showNistWarning = false,
  choices = {},
  recent = [],
}: {
  /** The absolute path pattern of the screen to open. */
  pattern: string;
  title: string;
  missing: readonly string[];
  /** The parameters the current screen already has, carried over. */
  known: Readonly<Record<string, string | undefined>>;
  /** The screen is export-controlled: it opens with the warning, as every link to it does. */
  showNistWarning?: boolean;
  /** Values known for each missing parameter (a customer's sites). */
  choices?: Readonly<Record<string, readonly Choice[]>>;
  /** The values the user lately opened this screen with, newest first. */
  recent?: readonly Record<string, string>[];
}) {
  const navigate = useNavigate();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [empty, setEmpty] = useState<string[]>([]);
  const name = withGaps(title, known);
  const linkTo = (values: Readonly<Record<string, string | undefined>>) => routeLink({ fullPath: pattern, showNistWarning }, { ...known, ...values });
  const only = missing.length === 1 ? missing[0]! : undefined;
  const picks = only ? (choices[only] ?? []) : [];

  function open(event: FormEvent) {
    event.preventDefault();
    const trimmed = Object.fromEntries(missing.map((p) => [p, (values[p] ?? '').trim()]));
    const blank = missing.filter((p) => trimmed[p] === '');
    setEmpty(blank);
    if (blank.length) {
      document.getElementById(`${id}-${blank[0]}`)?.focus();
      return;
    }
    navigate(linkTo(trimmed));
  }

  return (
    <form className="form param-form" aria-label={`Open ${name}`} noValidate onSubmit={open}>
      <p className="param-form-title">{name}</p>
      {only && picks.length > 0 && (
        <ul className="param-choices" aria-label={`${paramLabel(only).replace(/ id$/, '')}s you can open`}>
          {picks.map((c) => (
            <li key={c.value}>
              <Link to={linkTo({ [only]: c.value })}>{c.label === c.value ? c.label : `${c.label} (${c.value})`}</Link>
            </li>
          ))}
        </ul>
      )}
      {recent.length > 0 && (
        <ul className="param-choices" aria-label="Opened lately">
          {recent.map((r) => (
            <li key={JSON.stringify(r)}>
              <Link to={linkTo(r)}>{substituteParams(title, { ...known, ...r })}</Link>
            </li>
          ))}
        </ul>
      )}
      {missing.map((p) => {
        const invalid = empty.includes(p);
        return (
          <div key={p} className="param-field">
            <label htmlFor={`${id}-${p}`}>{paramLabel(p)}</label>
            <input
              id={`${id}-${p}`}
              value={values[p] ?? ''}
              autoComplete="off"
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? `${id}-${p}-error` : undefined}
              onChange={(e) => setValues((v) => ({ ...v, [p]: e.target.value }))}
            />
            {invalid && (
              <p id={`${id}-${p}-error`} className="form-error" role="alert">
                Enter the {paramLabel(p).toLowerCase()}.
              </p>
            )}
          </div>
        );
      })}
      <button type="submit">Open</button>
    </form>
  );
}
