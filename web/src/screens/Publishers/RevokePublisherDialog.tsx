import type { Publisher } from '@platform/schemas';
import { ReasonDialog } from '../../ui/ReasonDialog.tsx';

interface Props {
  publisher: Publisher;
  /** Revokes with the reason; rejects with the service's refusal, which the dialog shows. */
  onRevoke: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks why before a publisher is revoked, saying what that does to its CI. */
export function RevokePublisherDialog({ publisher, onRevoke, onClose }: Props) {
  return (
    <ReasonDialog
      title={`Revoke ${publisher.subject}?`}
      consequence="Its CI’s tokens are no longer exchanged, and the publish tokens it holds are refused from now on. Releases it published stay as they are."
      submit="Revoke publisher"
      pending="Revoking…"
      danger
      missing={`Say why you revoke ${publisher.subject}: the reason goes to the audit log.`}
      placeholder="e.g. repository moved, module handed to another team"
      failure={`Could not revoke ${publisher.subject}`}
      onSubmit={onRevoke}
      onClose={onClose}
    />
  );
}
