import { useId } from 'react';
import type { DraftProblem } from './typedFile.ts';
import type { DraftChecks } from './useDraftChecks.ts';
import { failureText } from '../../ui/errorText.ts';
import { problemCount } from '../shared/ProblemList.tsx';

function summary({ problems, more, state, serviceError }: DraftChecks): string {
  const count = problemCount(problems.length + more);
  switch (state) {
    case 'pending':
      return serviceError ? failureText('Could not check the draft with the service', serviceError) : 'Checking…';
    case 'browser':
      return `${count} in the files as typed:`;
    case 'service':
      return `${count} across the files, found by the service's check of the whole set:`;
    case 'clean':
      return 'No problems: the service checked the whole set.';
  }
}

/** Every problem of the draft as `manifests:check` prints it (file, line, pointer, rule, message, hint); each goes to its place in the editor. */
export function DraftProblemList({ checks, onJump }: { checks: DraftChecks; onJump: (problem: DraftProblem) => void }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="draft-problems">
      <h3 id={`${id}-title`}>Problems</h3>
      <p
        role="status"
        aria-live="polite"
        className={checks.problems.length ? 'form-error' : checks.state === 'clean' ? 'status-ok' : 'muted'}
        data-testid="draft-check"
      >
        {summary(checks)}
      </p>
      {checks.problems.length > 0 && (
        <ul className="problems" aria-label="Problems in the draft">
          {checks.problems.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two problems may share file, pointer and rule; the list is replaced whole
            <li key={`${p.file}${p.pointer}${p.rule}${i}`}>
              <button type="button" className="link-button" onClick={() => onJump(p)}>
                {p.file}:{p.line}:{p.column}
              </button>{' '}
              <code>{p.pointer || '/'}</code> <span className="rule">[{p.rule}]</span> {p.message}
              <div className="hint">{p.hint}</div>
            </li>
          ))}
        </ul>
      )}
      {checks.more > 0 && <p className="hint">and {problemCount(checks.more, 'more problem')}, not listed: fix these and the draft is checked again.</p>}
    </section>
  );
}
