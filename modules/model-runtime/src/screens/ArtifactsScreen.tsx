import { formatBytes, formatDate, type ScreenProps } from '@platform/module-sdk';
import type { ModelRuntimeArtifactList } from '../contracts.generated.ts';
import { Screen, Table } from '../Screen.tsx';
import { seg, useBackend } from '../useBackend.ts';
import { useDomainName } from '../useDomainName.ts';

type Kind = ModelRuntimeArtifactList['artifacts'][number]['kind'];
const LIST: Record<Kind, { path: string; label: string }> = {
  model: { path: 'models', label: 'Model' },
  script: { path: 'scripts', label: 'Script' },
  fmu: { path: 'fmus', label: 'FMU' },
};

/** mr.models, mr.scripts and mr.fmus: what the domain can run. */
export function ArtifactsScreen({ kind, title, params }: ScreenProps & { kind: Kind }) {
  const { path, label } = LIST[kind];
  const answer = useBackend<ModelRuntimeArtifactList>(`/domains/${seg(params.domain)}/${path}`);
  const domain = useDomainName(params.domain);
  return (
    <Screen title={title} domain={domain} answer={answer} missing={`No domain ${params.domain}.`}>
      {({ artifacts }) => (
        <Table label={title} head={[label, 'Runtime', 'Version', 'Size', 'Updated']} empty={!artifacts.length}>
          {artifacts.map((a) => (
            <tr key={a.id}>
              <th scope="row">{a.name}</th>
              <td>{a.runtime}</td>
              <td>{a.version}</td>
              <td className="size">{formatBytes(a.sizeBytes)}</td>
              <td>{formatDate(a.updatedAt)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Screen>
  );
}
