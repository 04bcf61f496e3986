import { useState, type FormEvent } from 'react';
import type { Publisher } from '@platform/schemas';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import { ReasonField } from '../shared/ReasonField.tsx';
import { useReason } from '../shared/useReason.ts';

interface Props {
  publisher: Publisher;
  /** Revokes with the reason; rejects with the service's refusal, which the dialog shows. */
  onRevoke: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks why before a publisher is revoked, saying what that does to its CI. */
export function RevokePublisherDialog({ publisher, onRevoke, onClose }: Props) {
  const reason = useReason();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<unknown>();

  const revoke = async (event: FormEvent) => {
    event.preventDefault();
    const why = reason.require(`Say why you revoke ${publisher.subject}: the reason goes to the audit log.`);
    if (!why) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      // On success the opener closes the dialog.
      await onRevoke(why);
    } catch (error) {
      setRefusal(error);
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={`Revoke ${publisher.subject}?`} onClose={onClose} initialFocus={reason.field.ref}>
      <form className="form" onSubmit={(e) => void revoke(e)}>
        <p className="dialog-consequence">
          Its CI’s tokens are no longer exchanged, and the publish tokens it holds are refused from now on. Releases it published stay as they are.
        </p>
        <ReasonField {...reason.field} label="Reason" placeholder="e.g. repository moved, module handed to another team" />
        <ErrorNotice title={`Could not revoke ${publisher.subject}`} error={refusal} />
        <div className="form-actions">
          <button type="submit" disabled={busy} className="danger">
            {busy ? 'Revoking…' : 'Revoke publisher'}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
