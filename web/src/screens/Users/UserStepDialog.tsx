import { useState, type FormEvent } from 'react';
import { displayName, type ManagedUser } from '@platform/schemas';
import type { UserStepName } from '../../api/userManagement.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import { ReasonField } from '../shared/ReasonField.tsx';
import { useReason } from '../shared/useReason.ts';
import { STEPS } from './UserTable.tsx';
import { refusalInWords } from './refusalInWords.ts';

/** A step's label inside a sentence: "disable", "reset MFA". */
const inSentence = (name: UserStepName) => STEPS[name].label.charAt(0).toLowerCase() + STEPS[name].label.slice(1);

interface Props {
  user: ManagedUser;
  step: UserStepName;
  /** Takes the step with the reason; rejects with the service's refusal, which the dialog shows. */
  onTake: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The dialog a row's step opens (issue 35): what the step will do to the user, the reason it needs for
 * the audit, and the identity provider's refusal in words, beside the row instead of above the table.
 */
export function UserStepDialog({ user, step, onTake, onClose }: Props) {
  const reason = useReason();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<unknown>();
  const name = displayName(user);
  const { label, submit, consequence } = STEPS[step];

  const take = async (event: FormEvent) => {
    event.preventDefault();
    const why = reason.require(`Say why you ${inSentence(step)} ${name}: the reason goes to the audit log.`);
    if (!why) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      // On success the opener closes the dialog; nothing here is left to update.
      await onTake(why);
    } catch (error) {
      setRefusal(error);
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={`${label} ${name}?`} onClose={onClose} initialFocus={reason.field.ref}>
      <form className="form" onSubmit={(e) => void take(e)}>
        <p className="dialog-consequence">{consequence(user)}</p>
        <ReasonField {...reason.field} label="Reason" placeholder="e.g. left the company, lost their phone" />
        <ErrorNotice title={`Could not ${inSentence(step)} ${name}`} error={refusalInWords(refusal)} />
        <div className="form-actions">
          <button type="submit" disabled={busy} className={STEPS[step].danger ? 'danger' : undefined}>
            {busy ? 'Working…' : submit}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
