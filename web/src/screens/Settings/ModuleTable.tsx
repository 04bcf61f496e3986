import type { AdminModuleList } from '@platform/schemas';
import { ProblemList } from '../shared/ProblemList.tsx';
import { TableScroll } from '../shared/TableScroll.tsx';

type Module = AdminModuleList['modules'][number];

const everyone = (list: readonly string[] | null, all: string) => (list === null ? <span className="muted">{all}</span> : list.join(', ') || 'none');

/** Every registered module with the exposure rules its manifest sets. */
export function ModuleTable({ modules, environment }: { modules: readonly Module[]; environment: string }) {
  return (
    <section aria-labelledby="module-exposure">
      <h2 id="module-exposure">Modules and exposure</h2>
      <p className="hint">
        A user gets a module when their claims name it (staff without a list get all), the environment and role rules below allow it, and their customer has it
        switched on.
      </p>
      <TableScroll label="Modules and exposure">
        <table className="data-table card-table" aria-labelledby="module-exposure">
          <thead>
            <tr>
              <th scope="col">Module</th>
              <th scope="col">Address</th>
              <th scope="col">Roles</th>
              <th scope="col">Environments</th>
              <th scope="col">New customers</th>
              <th scope="col">Routes</th>
              <th scope="col">Manifest</th>
            </tr>
          </thead>
          <tbody>
            {modules.map((m) => (
              <tr key={m.key} data-module={m.key}>
                <th scope="row">
                  {m.name} <span className="muted">({m.key})</span>
                </th>
                <td data-label="Address">
                  <code>{m.baseUrl}</code>
                </td>
                <td data-label="Roles">{everyone(m.exposure.roles, 'every role')}</td>
                <td data-label="Environments">
                  {everyone(m.exposure.environments, 'all')}
                  {!m.servedInEnvironment && <div className="badge badge-off">not served in {environment}</div>}
                </td>
                <td data-label="New customers">{m.exposure.enabledForNewCustomers ? 'on' : 'off'}</td>
                <td data-label="Routes">
                  {m.routeCount}
                  {m.restrictedRoutes.length > 0 && (
                    <ul className="restricted">
                      {m.restrictedRoutes.map((r) => (
                        <li key={r.fullPath}>
                          <code>{r.fullPath}</code>: {r.roles.join(', ')}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td data-label="Manifest">
                  {m.status === 'valid' ? (
                    <span className="badge badge-ok">valid</span>
                  ) : (
                    <details>
                      <summary className="badge badge-off">edit refused</summary>
                      <ProblemList problems={m.problems} more={m.moreProblems} />
                    </details>
                  )}
                  <div className="muted small">{m.file}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
