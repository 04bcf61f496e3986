import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorNotice } from './ErrorNotice.tsx';
import { ModalDialog } from './ModalDialog.tsx';
import { ReasonField } from './ReasonField.tsx';
import { useReason } from './useReason.ts';

interface ReasonDialogProps {
  /** The question, the dialog's heading and accessible name: "Revoke repo:org/x?", "Disable Erin Engineer?". */
  title: string;
  /** What the step will do, said before it is taken. */
  consequence: ReactNode;
  /** The submit button's words, and its words while the step runs ("Revoking…"). */
  submit: string;
  pending: string;
  /** A step that takes something away: the button says so in red. */
  danger?: boolean;
  /** Said under the field when it is left empty: whose step, and that the reason goes to the audit. */
  missing: string;
  placeholder?: string;
  /** What could not be done, before the refusal's why: "Could not revoke repo:org/x". */
  failure: string;
  /** The refusal in the words staff can act on; shown as the service gave it when left out. */
  explain?: (refusal: unknown) => unknown;
  /** Takes the step with the trimmed reason; rejects with the refusal, which the dialog shows. */
  onSubmit: (reason: string) => Promise<unknown>;
  /** Escape or Cancel; on success the opener closes the dialog too, and puts focus back. */
  onClose: () => void;
}

/**
 * The one modal that asks why before a step that goes to an audit (decision 0074): what the step does,
 * the required reason (focused as it opens), the refusal inside the dialog, and a submit button that is
 * disabled while the step runs, so a second click cannot send it twice.
 */
export function ReasonDialog({ title, consequence, submit, pending, danger, missing, placeholder, failure, explain, onSubmit, onClose }: ReasonDialogProps) {
  const reason = useReason();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<unknown>();

  const take = async (event: FormEvent) => {
    event.preventDefault();
    const why = reason.require(missing);
    if (!why) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      // Busy stays on: the opener closes the dialog once what it changed is fetched again.
      await onSubmit(why);
    } catch (error) {
      setRefusal(error);
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={title} onClose={onClose} initialFocus={reason.field.ref}>
      <form className="form" onSubmit={(e) => void take(e)}>
        <p className="dialog-consequence">{consequence}</p>
        <ReasonField {...reason.field} label="Reason" placeholder={placeholder} />
        <ErrorNotice title={failure} error={explain ? explain(refusal) : refusal} />
        <div className="form-actions">
          <button type="submit" disabled={busy} className={danger ? 'danger' : undefined}>
            {busy ? pending : submit}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
