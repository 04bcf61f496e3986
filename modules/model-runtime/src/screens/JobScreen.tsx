import { RouteLink, formatDateTimeUtc, type ScreenProps } from '@platform/module-sdk';
import type { ModelRuntimeJob } from '../contracts.generated.ts';
import { Screen } from '../Screen.tsx';
import { seg, useBackend } from '../useBackend.ts';
import { KINDS, type RunKind } from './kinds.ts';

/** mr.job and mr.workflow: one run, with its log a click away. */
export function JobScreen({ kind, title, params }: ScreenProps & { kind: RunKind }) {
  const { list, logs, listRoute, noun } = KINDS[kind];
  const answer = useBackend<ModelRuntimeJob>(`/domains/${seg(params.domain)}/${list}/${seg(params.jobId)}`);
  return (
    <Screen title={title} answer={answer} missing={`No ${noun} ${params.jobId} in ${params.domain}.`}>
      {(job) => (
        <>
          <dl>
            <dt>Name</dt>
            <dd>{job.name}</dd>
            <dt>Status</dt>
            <dd>{job.status}</dd>
            <dt>Runtime</dt>
            <dd>{job.runtime}</dd>
            <dt>Submitted</dt>
            <dd>{`${formatDateTimeUtc(job.submittedAt)} by ${job.submittedBy}`}</dd>
            <dt>Finished</dt>
            <dd>{formatDateTimeUtc(job.finishedAt)}</dd>
          </dl>
          <p>
            <RouteLink to={logs} params={{ domain: params.domain, jobId: job.id }}>{`Logs of ${noun} ${job.id}`}</RouteLink>
            {' · '}
            <RouteLink to={listRoute} params={{ domain: params.domain }}>{`All ${list}`}</RouteLink>
          </p>
        </>
      )}
    </Screen>
  );
}
