import { displayName, type ManagedUser } from '@platform/schemas';
import type { UserStepName } from '../../api/userManagement.ts';
import { ReasonDialog } from '../../ui/ReasonDialog.tsx';
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
  const name = displayName(user);
  const { label, submit, consequence, danger } = STEPS[step];
  return (
    <ReasonDialog
      title={`${label} ${name}?`}
      consequence={consequence(user)}
      submit={submit}
      pending="Working…"
      danger={danger}
      missing={`Say why you ${inSentence(step)} ${name}: the reason goes to the audit log.`}
      placeholder="e.g. left the company, lost their phone"
      failure={`Could not ${inSentence(step)} ${name}`}
      explain={refusalInWords}
      onSubmit={onTake}
      onClose={onClose}
    />
  );
}
