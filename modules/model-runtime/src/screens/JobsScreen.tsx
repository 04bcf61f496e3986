import { RouteLink, formatDateTimeUtc, type ScreenProps } from '@platform/module-sdk';
import type { ModelRuntimeJobList } from '../contracts.generated.ts';
import { Screen, Table } from '../Screen.tsx';
import { seg, useBackend } from '../useBackend.ts';
import { useDomainName } from '../useDomainName.ts';
import { KINDS, type RunKind } from './kinds.ts';

/** mr.jobs and mr.workflows: the domain's runs of a kind, newest first, each opening its own screen. */
export function JobsScreen({ kind, title, params }: ScreenProps & { kind: RunKind }) {
  const { list, detail, create, noun } = KINDS[kind];
  const answer = useBackend<ModelRuntimeJobList>(`/domains/${seg(params.domain)}/${list}`);
  const domain = useDomainName(params.domain);
  return (
    <Screen title={title} domain={domain} answer={answer} missing={`No domain ${params.domain}.`}>
      {({ jobs }) => (
        <>
          <p>
            <RouteLink to={create} params={{ domain: params.domain }}>{`New ${noun}`}</RouteLink>
          </p>
          <Table label={title} head={[noun === 'job' ? 'Job' : 'Workflow', 'Name', 'Status', 'Submitted', 'By']} empty={!jobs.length}>
            {jobs.map((j) => (
              <tr key={j.id}>
                <th scope="row">
                  <RouteLink to={detail} params={{ domain: params.domain, jobId: j.id }}>
                    {j.id}
                  </RouteLink>
                </th>
                <td>{j.name}</td>
                <td>{j.status}</td>
                <td>{formatDateTimeUtc(j.submittedAt)}</td>
                <td>{j.submittedBy}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </Screen>
  );
}
