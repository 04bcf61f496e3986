import type { AdminModuleList, ManifestFileProblem } from '@platform/schemas';
import { ago } from './relativeTime.ts';

/** Which manifest set users get, and the problems of an edit that was refused. */
export function ManifestStatusPanel({ list }: { list: AdminModuleList }) {
  const { version, loadedAt, rejected } = list.manifests;
  const loaded = ago(loadedAt);
  return (
    <section aria-labelledby="manifest-status" className="manifest-status">
      <h2 id="manifest-status">Manifest set in service</h2>
      <p>
        Users get version <code data-testid="served-version">{version}</code>, loaded <time dateTime={loadedAt} title={loaded.exact}>{loaded.text}</time>, in the{' '}
        <strong>{list.environment}</strong> environment. Edits to <code>route-manifests/</code> are served within a second when they are valid.
      </p>
      {rejected ? (
        <div role="alert" className="notice notice-danger">
          <p>
            <strong>
              The last edit was refused <time dateTime={rejected.at}>{ago(rejected.at).text}</time> ({rejected.problems.length} problem
              {rejected.problems.length === 1 ? '' : 's'}).
            </strong>{' '}
            Users still get version <code>{version}</code>. Fix the files and save again:
          </p>
          <ProblemList problems={rejected.problems} />
        </div>
      ) : (
        <p className="status-ok">The files on disk are the ones in service.</p>
      )}
    </section>
  );
}

/** Problems as `npm run manifests:check` prints them: where, which rule, what, and what to do. */
export function ProblemList({ problems }: { problems: readonly ManifestFileProblem[] }) {
  return (
    <ul className="problems">
      {problems.map((p, i) => (
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
