import type { ReactNode } from 'react';
import type { Answer } from './useBackend.ts';

interface ScreenFrameProps<T> {
  title: string;
  answer: Answer<T>;
  missing: string;
  /** The domain the screen is in, by its name: the address and the title carry only its id, or nothing. */
  domain?: string;
  children: (data: T) => ReactNode;
}

/**
 * A screen of the module: the route's title as the page's one h1, then what the backend answered,
 * drawn by `children` once it is in. `missing` names what the address asked for that is not there.
 */
export function Screen<T>({ title, answer, missing, domain, children }: ScreenFrameProps<T>) {
  return (
    // Busy while the answer is on its way, as the shell's own screens are: tools and tests wait for it.
    <article className="screen" aria-busy={answer.state === 'loading'}>
      <h1>{title}</h1>
      {domain && <p className="screen-context">{`Domain: ${domain}`}</p>}
      {answer.state === 'loading' && <p role="status">Loading…</p>}
      {answer.state === 'missing' && <p role="status">{missing}</p>}
      {answer.state === 'failed' && <p role="alert">Model Runtime did not answer: {answer.message}</p>}
      {answer.state === 'done' && children(answer.data)}
    </article>
  );
}

/** A table of rows, or a sentence when there are none. */
export function Table({ label, head, empty, children }: { label: string; head: string[]; empty: boolean; children: ReactNode }) {
  if (empty) return <p>None yet.</p>;
  return (
    <div className="table-scroll">
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
