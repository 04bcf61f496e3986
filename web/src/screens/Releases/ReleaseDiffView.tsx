import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { diffSections, diffSummary } from '@platform/schemas';
import { releaseDiffQuery } from '../../api/releases.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';

/** What changes for users going from release `from` to release `to`, in words. */
export function ReleaseDiffView({ from, to, title }: { from: string; to: string; title?: string }) {
  const id = useId();
  const diff = useQuery(releaseDiffQuery(from, to));
  return (
    <section aria-labelledby={`${id}-title`} className="release-diff">
      <h3 id={`${id}-title`}>
        {title ?? 'Difference'}: <code>{from}</code> → <code>{to}</code>
      </h3>
      {diff.isPending && (
        <p className="muted" role="status">
          Comparing…
        </p>
      )}
      <ErrorNotice title="Cannot load the difference" error={diff.error} onRetry={() => void diff.refetch()} />
      {diff.data && (
        <>
          <p>{diffSummary(diff.data)}</p>
          {diffSections(diff.data).map((s) => (
            <div key={s.heading} className="diff-section">
              <h4>{s.heading}</h4>
              <ul>
                {s.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ))}
        </>
      )}
    </section>
  );
}
