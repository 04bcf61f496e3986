import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Release } from '@platform/schemas';
import { releaseQuery } from '../../api/releases.ts';
import { saveDraft, discardDraft } from './draftStorage.ts';
import { rebasedDraft } from './rebaseDraft.ts';
import type { ReleaseDraft } from './releaseDraft.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { ReleaseDiffView } from './ReleaseDiffView.tsx';

interface Props {
  sub: string;
  draft: ReleaseDraft;
  base: Release;
  active: string;
  /** Set when a publication was refused for this: the release the draft was stored as. */
  storedAs?: string;
  onRebased: (onto: string, bothChanged: string[]) => void;
}

/**
 * Someone made another release active since the draft started: what they changed, and the way on,
 * which is to move the draft onto their release. Nothing of theirs is overwritten unseen.
 */
export function BaseMoved({ sub, draft, base, active, storedAs, onRebased }: Props) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>();
  const rebase = async () => {
    setError(undefined);
    try {
      const onto = await queryClient.fetchQuery(releaseQuery(active));
      const { draft: rebased, bothChanged } = rebasedDraft(draft, base.files, onto);
      saveDraft(sub, rebased);
      discardDraft(sub, base.id);
      onRebased(onto.id, bothChanged);
    } catch (e) {
      setError(e);
    }
  };
  return (
    <div role="alert" className="notice notice-danger base-moved">
      <p>
        <strong>
          Release <code>{active}</code> was made active while you edited; your draft started from <code>{base.id}</code>.
        </strong>{' '}
        {storedAs ? (
          <>
            Nothing was overwritten: your draft was stored as release <code>{storedAs}</code>, which is not active.
          </>
        ) : (
          <>Publishing now would be refused rather than overwrite it.</>
        )}{' '}
        Look at what changed, then move your draft onto it and publish again.
      </p>
      <ReleaseDiffView from={base.id} to={active} title="What changed since your draft started" />
      <button type="button" onClick={() => void rebase()}>
        Rebase the draft on {active}
      </button>
      <ErrorNotice title="Could not rebase the draft" error={error} />
    </div>
  );
}
