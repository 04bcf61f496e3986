import { RouteLink, formatDateTimeUtc, type ScreenProps } from '@platform/module-sdk';
import type { ModelRuntimeLog } from '../contracts.generated.ts';
import { Screen, Table } from '../Screen.tsx';
import { seg, useBackend } from '../useBackend.ts';
import { KINDS, type RunKind } from './kinds.ts';

/** mr.jobLogs and mr.workflowLogs: what a run wrote, oldest first. */
export function LogsScreen({ kind, title, params }: ScreenProps & { kind: RunKind }) {
  const { list, detail, noun } = KINDS[kind];
  const answer = useBackend<ModelRuntimeLog>(`/domains/${seg(params.domain)}/${list}/${seg(params.jobId)}/logs`);
  return (
    <Screen title={title} answer={answer} missing={`No ${noun} ${params.jobId} in ${params.domain}.`}>
      {({ lines }) => (
        <>
          <p>
            <RouteLink to={detail} params={{ domain: params.domain, jobId: params.jobId }}>{`Back to ${noun} ${params.jobId}`}</RouteLink>
          </p>
          <Table label={title} head={['Time (UTC)', 'Level', 'Message']} empty={!lines.length}>
            {lines.map((line, i) => (
              // Lines have no id: their place in the log is theirs for good.
              // biome-ignore lint/suspicious/noArrayIndexKey: a log only grows at its end
              <tr key={i}>
                <td>{formatDateTimeUtc(line.at)}</td>
                <td>{line.level}</td>
                <td>{line.message}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </Screen>
  );
}
