import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { isReleaseId } from '@platform/schemas';
import { useEffect, useId } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { releaseListQuery, releaseQuery } from '../../api/releases.ts';
import { useSession } from '../../hooks/useSession.ts';
import type { ScreenProps } from '../screenProps.ts';
import { LoadState } from '../shared/LoadState.tsx';
import { ago } from '../../ui/relativeTime.ts';
import { DraftEditor } from './DraftEditor.tsx';
import { shortReleaseId } from './shortReleaseId.ts';
import { routePath } from '../../navigation/appPaths.ts';
import './releases.css';

/**
 * /settings/releases/draft?base=<release> (staff): edit a draft of a release (the active one unless
 * named), check it as it is typed, preview it as any user, and publish it.
 */
export function ReleaseDraftScreen({ title, module }: ScreenProps) {
  const id = useId();
  const session = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const list = useInfiniteQuery(releaseListQuery);
  const state = list.data?.pages[0];
  const base = params.get('base') ?? state?.active;
  // The base is pinned in the address once known: the active release moving on must not swap the draft
  // under the administrator's hands (publishing then says so instead), and a reload finds the same draft.
  useEffect(() => {
    if (params.get('base') || !state) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('base', state.active);
        return next;
      },
      { replace: true },
    );
  }, [params, state, setParams]);
  const release = useQuery({ ...releaseQuery(base ?? ''), enabled: base !== undefined && isReleaseId(base) });
  const releases = list.data?.pages.flatMap((p) => p.releases) ?? [];
  const listPath = routePath(module, 'releases');

  return (
    <article className="screen release-draft">
      <h1>{title}</h1>
      <p className="hint">A draft is kept in this browser until it is published or discarded. Nothing reaches users before Publish.</p>
      {!state && <LoadState what="the releases" error={list.error} onRetry={() => void list.refetch()} />}
      {state && (
        <div className="form base-pick">
          <label htmlFor={`${id}-base`}>Start from release</label>
          <select
            id={`${id}-base`}
            value={base}
            onChange={(e) => setParams({ base: e.target.value, ...(params.get('file') ? { file: params.get('file')! } : {}) })}
          >
            {!releases.some((r) => r.id === base) && base && <option value={base}>{base}</option>}
            {releases.map((r) => (
              // By short id, as the history names them: the whole id pushed when and why out of the box (issue 35).
              <option key={r.id} value={r.id}>
                {shortReleaseId(r.id)}
                {r.id === state.active ? ' (active)' : ''} — {ago(r.publishedAt).text}: {r.reason.slice(0, 60)}
              </option>
            ))}
          </select>
        </div>
      )}
      {state && base && !release.data && <LoadState what={`release ${base}`} error={release.error} onRetry={() => void release.refetch()} />}
      {state && release.data && session && (
        <DraftEditor
          key={`${session.sub}:${release.data.id}`}
          sub={session.sub}
          base={release.data}
          active={state.active}
          file={params.get('file') ?? undefined}
          onFileChange={(file) => setParams({ base: release.data.id, file }, { replace: true })}
          onRebased={(onto, bothChanged) => {
            setParams({ base: onto, ...(params.get('file') ? { file: params.get('file')! } : {}) });
            if (bothChanged.length)
              toast(`Rebased on ${onto}. Both you and that release changed ${bothChanged.join(', ')}: your version is kept there; check it before publishing.`);
            else toast.success(`Rebased on ${onto}`);
          }}
          onPublished={() => {
            if (listPath) navigate(listPath);
          }}
        />
      )}
    </article>
  );
}
