import { useRef, useState } from 'react';

/**
 * The state of a ReasonField (spread `field` into it) and the check before the step: `require` gives
 * the trimmed reason, or, when there is none, shows `missing` under the field, focuses it and gives
 * undefined.
 */
export function useReason() {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  const require = (missing: string): string | undefined => {
    const reason = value.trim();
    setError(reason ? '' : missing);
    if (!reason) ref.current?.focus();
    return reason || undefined;
  };
  return { field: { ref, value, error, onChange: setValue }, require, clear: () => setValue('') };
}
