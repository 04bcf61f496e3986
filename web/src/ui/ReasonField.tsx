import { forwardRef, useId } from 'react';

/** The required "why" of a step an operator takes (a release step, a module switch): it goes to the audit. */
export const ReasonField = forwardRef<
  HTMLTextAreaElement,
  { label: string; value: string; error: string; onChange: (value: string) => void; placeholder?: string }
>(function ReasonField({ label, value, error, onChange, placeholder }, ref) {
  const id = useId();
  return (
    <div className="form reason-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        ref={ref}
        value={value}
        maxLength={500}
        rows={2}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
