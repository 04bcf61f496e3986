import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { substituteParams } from '@platform/schemas';
import { paramLabel } from '../../app/paramLabel.ts';
import { routeLink } from '../../app/routeLink.ts';

/** A title with the parameters still to be asked for shown as '…': "Job {jobId}" → "Job …". */
const withGaps = (title: string, known: Readonly<Record<string, string | undefined>>) =>
  substituteParams(title, known).replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, '…');

/**
 * Opens a screen whose address needs values nobody has linked to yet: one labelled field per missing
 * parameter, and the screen opens with them filled in (encoded). An empty field is refused with a
 * message, since an address with an empty segment would be another screen or none.
 */
export function ParamForm({
  pattern,
  title,
  missing,
  known,
  showNistWarning = false,
}: {
  /** The absolute path pattern of the screen to open. */
  pattern: string;
  title: string;
  missing: readonly string[];
  /** The parameters the current screen already has, carried over. */
  known: Readonly<Record<string, string | undefined>>;
  /** The screen is export-controlled: it opens with the warning, as every link to it does. */
  showNistWarning?: boolean;
}) {
  const navigate = useNavigate();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [empty, setEmpty] = useState<string[]>([]);
  const name = withGaps(title, known);

  function open(event: FormEvent) {
    event.preventDefault();
    const trimmed = Object.fromEntries(missing.map((p) => [p, (values[p] ?? '').trim()]));
    const blank = missing.filter((p) => trimmed[p] === '');
    setEmpty(blank);
    if (blank.length) {
      document.getElementById(`${id}-${blank[0]}`)?.focus();
      return;
    }
    navigate(routeLink({ fullPath: pattern, showNistWarning }, { ...known, ...trimmed }));
  }

  return (
    <form className="form param-form" aria-label={`Open ${name}`} noValidate onSubmit={open}>
      <p className="param-form-title">{name}</p>
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
