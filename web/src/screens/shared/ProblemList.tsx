import type { ManifestFileProblem } from '@platform/schemas';

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
