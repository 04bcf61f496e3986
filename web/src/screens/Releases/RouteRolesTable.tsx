import { useId } from 'react';
import type { RouteRow } from './manifestEdits.ts';
import { TableScroll } from '../shared/TableScroll.tsx';

interface Props {
  moduleName: string;
  rows: readonly RouteRow[];
  roles: readonly string[];
  onChange: (pointer: string, roles: string[] | null) => void;
}

/** Who may open each page of a module (a route's `roles`): none ticked is every role that gets the module. */
export function RouteRolesTable({ moduleName, rows, roles, onChange }: Props) {
  const id = useId();
  const columns = [...new Set([...roles, ...rows.flatMap((r) => r.roles ?? [])])];
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Who may open each page of {moduleName}</h3>
      <p className="hint">Tick the roles a page is limited to (its children too); a page with none ticked is open to every role that gets the module.</p>
      <TableScroll label={`Who may open each page of ${moduleName}`}>
        <table className="data-table route-roles" aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Title</th>
              {columns.map((role) => (
                <th key={role} scope="col">
                  {role}
                </th>
              ))}
              <th scope="col">Open to</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.pointer} data-pointer={row.pointer}>
                <th scope="row" className={`depth-${Math.min(row.depth, 4)}`}>
                  <code>{row.fullPath}</code>
                </th>
                <td>{row.title}</td>
                {columns.map((role) => (
                  <td key={role}>
                    <input
                      type="checkbox"
                      aria-label={`${role} may open ${row.fullPath}`}
                      checked={row.roles?.includes(role) ?? false}
                      onChange={(e) => {
                        const next = e.target.checked ? [...(row.roles ?? []), role] : (row.roles ?? []).filter((r) => r !== role);
                        onChange(row.pointer, next.length ? next : null);
                      }}
                    />
                  </td>
                ))}
                <td className="muted">{row.roles ? row.roles.join(', ') : 'every role'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
