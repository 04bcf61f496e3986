import type { AdminPreview, ModuleView, PreviewChanges, PreviewDecision } from '@platform/schemas';
import { TableScroll } from './TableScroll.tsx';

const RULES: Record<PreviewDecision['rule'], string> = {
  claim: 'Claims',
  role: 'Role exposure',
  environment: 'Environment exposure',
  exposure: 'Exposure rules',
  customer: 'Customer switch',
  registry: 'Not registered',
};

/** A module's sections as its section navigation shows them: top-level screens with an address of their own. */
const sections = (module: ModuleView) =>
  module.routes.filter((r) => r.redirectTo === undefined && r.title && !r.path.includes(':') && r.path !== '*').map((r) => r.title);

/** The previewed navigation, the decision for every module, and what changed against the comparison. */
export function PreviewResult({ answer, comparing, stale }: { answer: AdminPreview; comparing: boolean; stale: boolean }) {
  // When comparing, the request put the other view first: the draft's own view is the second.
  const view = answer.comparison?.view ?? answer.view;
  const { manifest } = view;
  const landing = manifest.landing && [manifest.dash, ...manifest.modules].find((m) => m.key === manifest.landing?.module);
  return (
    <div className="preview-result" aria-live="polite">
      {stale && (
        <p className="notice" role="status">
          The form has changed since this preview: press Preview to see the new claims.
        </p>
      )}
      <h3>
        What they would see{' '}
        <span className="muted">
          (manifest version {view.version}
          {view.customerId ? `, customer ${view.customerId}` : ''})
        </span>
      </h3>
      <p data-testid="preview-landing">
        {manifest.landing ? (
          <>
            Signing in takes them to <strong>{landing?.name}</strong> at <code>{manifest.landing.path}</code>.
          </>
        ) : (
          <>No landing module: they would see the empty welcome page.</>
        )}
        {manifest.requireMFA && ' They must set up MFA first.'}
      </p>
      <nav aria-label="Previewed navigation" className="preview-nav">
        <ul>
          {manifest.modules.map((m) => (
            <li key={m.key}>
              <strong>{m.name}</strong> <span className="muted">{sections(m).join(' · ')}</span>
            </li>
          ))}
          {manifest.modules.length === 0 && <li className="muted">No modules</li>}
        </ul>
      </nav>
      <TableScroll label="Module decisions">
        <table className="data-table" aria-label="Module decisions">
          <thead>
            <tr>
              <th scope="col">Module</th>
              <th scope="col">Shown</th>
              <th scope="col">Decided by</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {view.decisions.map((d) => (
              <tr key={d.key} data-module={d.key} className={d.included ? '' : 'excluded'}>
                <th scope="row">{d.name}</th>
                <td>{d.included ? 'yes' : 'no'}</td>
                <td>{RULES[d.rule]}</td>
                <td>{d.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {comparing && answer.comparison && <Changes changes={answer.comparison.changes} from={answer.view} />}
    </div>
  );
}

function Changes({ changes, from }: { changes: PreviewChanges; from: AdminPreview['view'] }) {
  const nothing =
    !changes.modules.length &&
    !changes.renamed.length &&
    !changes.landing &&
    !changes.routesAdded.length &&
    !changes.routesRemoved.length &&
    !changes.routesRetitled.length;
  return (
    <section aria-label="Changes" className="preview-changes">
      <h3>
        Changes from the comparison{' '}
        <span className="muted">
          (version {from.version}
          {from.customerId ? `, customer ${from.customerId}` : ''})
        </span>{' '}
        to these claims
      </h3>
      {nothing && <p>None: both views get the same navigation.</p>}
      <ul>
        {changes.modules.map((m) => (
          <li key={m.key}>
            {m.to.included ? 'Gains' : 'Loses'} <strong>{m.to.name}</strong> ({RULES[m.to.rule].toLowerCase()}: {m.to.reason})
          </li>
        ))}
        {changes.renamed.map((r) => (
          <li key={r.key}>
            Module renamed: {r.from} → <strong>{r.to}</strong>
          </li>
        ))}
        {changes.landing && (
          <li>
            Landing page: <code>{changes.landing.from ?? 'none'}</code> → <code>{changes.landing.to ?? 'none'}</code>
          </li>
        )}
        {changes.routesAdded.map((r) => (
          <li key={`+${r.fullPath}`}>
            New page <code>{r.fullPath}</code> {r.title}
          </li>
        ))}
        {changes.routesRemoved.map((r) => (
          <li key={`-${r.fullPath}`}>
            Page gone <code>{r.fullPath}</code> {r.title}
          </li>
        ))}
        {changes.routesRetitled.map((r) => (
          <li key={`~${r.fullPath}`}>
            Page retitled <code>{r.fullPath}</code>: {r.from} → <strong>{r.to}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
