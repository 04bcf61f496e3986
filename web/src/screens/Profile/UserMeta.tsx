import { useId } from 'react';

/** A meta value as text: a string as written, anything else as its JSON. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/**
 * The meta object the user pool holds for the user (custom:meta, decision 0047), whatever its keys:
 * every key and value as plain text, so nothing a pool writes is ever taken for markup.
 */
export function UserMeta({ meta }: { meta: Readonly<Record<string, unknown>> }) {
  const heading = useId();
  const entries = Object.entries(meta);
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>From your organisation</h2>
      <dl className="profile">
        {entries.map(([key, value]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>{asText(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
