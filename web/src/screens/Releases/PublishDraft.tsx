import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { ReleaseState } from '@platform/schemas';
import { changesWithSteps, RELEASES_KEY } from '../../api/releaseKeys.ts';
import { refusedProblems } from '../../api/releaseProblems.ts';
import { ProblemList } from '../shared/ProblemList.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { ReasonField } from '../../ui/ReasonField.tsx';
import { useReason } from '../../ui/useReason.ts';
import { isActivationConflict, publishAndActivate } from './publishAndActivate.ts';
import { draftFiles } from './releaseDraft.ts';

interface Props {
  base: string;
  texts: Readonly<Record<string, string>>;
  /** Why publishing is not possible yet; undefined when it is. */
  blockedBecause: string | undefined;
  onPublished: (release: string) => void;
  onConflict: (conflict: { storedAs: string; current: ReleaseState }) => void;
}

/** Publish with a reason: the draft becomes a release and, if its base is still active, the active release. */
export function PublishDraft({ base, texts, blockedBecause, onPublished, onConflict }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const reason = useReason();
  const publish = useMutation({
    mutationFn: ({ reason }: { reason: string }) => publishAndActivate(draftFiles(texts)!, reason, base),
    onSuccess: ({ release }) => {
      toast.success(`Release ${release.id} is published and served to everyone`);
      onPublished(release.id);
    },
    onError: (error) => {
      if (isActivationConflict(error)) onConflict({ storedAs: error.release.id, current: error.current });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: RELEASES_KEY, predicate: changesWithSteps }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const why = reason.require('Say why, before publishing: the reason goes to the audit list.');
    if (why) publish.mutate({ reason: why });
  };
  const refused = publish.error && refusedProblems(publish.error);

  return (
    <section aria-labelledby={`${id}-title`} className="publish-draft">
      <h2 id={`${id}-title`}>Publish</h2>
      <p className="hint">
        The draft is stored as a release and made active for everyone, on condition that <code>{base}</code>, the release it started from, is still the active
        one.
      </p>
      <form onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        <ReasonField {...reason.field} label="Reason for publishing" placeholder="e.g. Life Cycle Cost for staff only during the migration" />
        {blockedBecause && <p className="hint">{blockedBecause}</p>}
        <button type="submit" disabled={publish.isPending || blockedBecause !== undefined}>
          {publish.isPending ? 'Publishing…' : 'Publish and make active'}
        </button>
      </form>
      <ErrorNotice title="Could not publish" error={publish.isError && !isActivationConflict(publish.error) ? publish.error : undefined}>
        {refused && <ProblemList {...refused} />}
      </ErrorNotice>
    </section>
  );
}
