import { useQuery } from '@tanstack/react-query';
import { adminModulesQuery } from '../../api/admin.ts';
import type { ScreenProps } from '../screenProps.ts';
import { routePath } from '../../navigation/appPaths.ts';
import { LoadState } from '../shared/LoadState.tsx';
import { ManifestStatusPanel } from './ManifestStatusPanel.tsx';
import { ModuleTable } from './ModuleTable.tsx';
import { ViewAsUser } from '../shared/ViewAsUser.tsx';

/** /settings/modules (staff): what the manifests expose, whether the last edit was taken, and anyone's view. */
export function ModulesScreen({ title, module }: ScreenProps) {
  const modules = useQuery(adminModulesQuery);
  return (
    <article className="screen admin-modules">
      <h1>{title}</h1>
      {!modules.data && <LoadState what="the modules" error={modules.error} onRetry={() => void modules.refetch()} />}
      {modules.data && (
        <>
          <ManifestStatusPanel list={modules.data} releasesPath={routePath(module, 'releases')} />
          <ModuleTable modules={modules.data.modules} environment={modules.data.environment} />
          <ViewAsUser list={modules.data} />
        </>
      )}
    </article>
  );
}
