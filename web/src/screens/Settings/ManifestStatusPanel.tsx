import type { AdminModuleList } from '@platform/schemas';
import { Link } from 'react-router';
import { ProblemList, problemCount } from '../shared/ProblemList.tsx';
import { ago } from '../../ui/relativeTime.ts';

/** Which release users get, where releases are managed, and the problems of an edit on disk that was refused. */
export function ManifestStatusPanel({ list, releasesPath }: { list: AdminModuleList; releasesPath?: string }) {
  const { version, loadedAt, rejected } = list.manifests;
  const loaded = ago(loadedAt);
  return (
    <section aria-labelledby="manifest-status" className="manifest-status">
      <h2 id="manifest-status">Manifest release in service</h2>
      <p>
        Users get release <code data-testid="served-version">{version}</code> (outside a pilot), in service since{' '}
        <time dateTime={loadedAt} title={loaded.exact}>
          {loaded.text}
        </time>
        , in the <strong>{list.environment}</strong> environment.{' '}
        {releasesPath ? (
          <>
            Publish, compare, pilot and roll back releases at <Link to={releasesPath}>Releases</Link>.
          </>
        ) : null}{' '}
        Where the service follows the folder (<code>MANIFEST_SOURCE=files</code>, as under <code>npm start</code>), a valid edit to{' '}
        <code>route-manifests/</code> becomes a release in service within a second.
      </p>
      {rejected ? (
        <div role="alert" className="notice notice-danger">
          <p>
            <strong>
              The last edit was refused <time dateTime={rejected.at}>{ago(rejected.at).text}</time> (
              {problemCount(rejected.problems.length + rejected.moreProblems)}).
            </strong>{' '}
            Users still get version <code>{version}</code>. Fix the files and save again:
          </p>
          <ProblemList problems={rejected.problems} more={rejected.moreProblems} />
        </div>
      ) : (
        <p className="status-ok">No refused edit on disk.</p>
      )}
    </section>
  );
}
