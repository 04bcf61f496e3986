import type { AdminModuleList, ManifestFileProblem } from '@platform/schemas';
import { Link } from 'react-router';
import { ago } from '../shared/relativeTime.ts';

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

/** "1 problem", "7,900 problems". */
export const problemCount = (n: number, what = 'problem') => `${n.toLocaleString('en')} ${what}${n === 1 ? '' : 's'}`;

/**
 * Problems as `npm run manifests:check` prints them: where, which rule, what, and what to do. The service
 * lists the first 100; `more` it only counted, and a last line says how many.
 */
export function ProblemList({ problems, more = 0 }: { problems: readonly ManifestFileProblem[]; more?: number }) {
  return (
    <>
      <ProblemItems problems={problems} />
      {more > 0 && <p className="hint">and {problemCount(more, 'more problem')}, not listed: fix these and check again.</p>}
    </>
  );
}

function ProblemItems({ problems }: { problems: readonly ManifestFileProblem[] }) {
  return (
    <ul className="problems">
      {problems.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two problems may be alike; the list is replaced whole, never reordered
        <li key={i}>
          <code>
            {p.file}
            {p.line ? `:${p.line}:${p.column}` : ''}
          </code>{' '}
          <code>{p.pointer || '/'}</code> <span className="rule">[{p.rule}]</span> {p.message}
          <div className="hint">{p.hint}</div>
        </li>
      ))}
    </ul>
  );
}
