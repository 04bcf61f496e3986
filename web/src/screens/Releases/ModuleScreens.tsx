import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { releaseQuery } from '../../api/releases.ts';
import { LoadState } from '../shared/LoadState.tsx';
import { TableScroll } from '../shared/TableScroll.tsx';
import { moduleBundleRows } from './moduleBundles.ts';

const screens = (version: string | null) => version ?? 'generic';

/** Which bundle of its screens each module is on in the active release, and in the pilot's (issue 28). */
export function ModuleScreens({ active, pilot }: { active: string; pilot: string | null }) {
  const id = useId();
  const activeRelease = useQuery(releaseQuery(active));
  const pilotRelease = useQuery({ ...releaseQuery(pilot ?? ''), enabled: pilot !== null });
  const waiting = !activeRelease.data || (pilot !== null && !pilotRelease.data);
  const failed = activeRelease.error ?? pilotRelease.error;
  const rows = moduleBundleRows(activeRelease.data?.files, pilot ? pilotRelease.data?.files : undefined);

  return (
    <section aria-labelledby={`${id}-title`} className="module-screens">
      <h3 id={`${id}-title`}>Module screens</h3>
      {waiting ? (
        <LoadState
          what="the module screens"
          error={failed}
          onRetry={() => {
            void activeRelease.refetch();
            if (pilot) void pilotRelease.refetch();
          }}
        />
      ) : rows.length === 0 ? (
        <p className="muted">Every module shows the shell's generic screens{pilot ? ', in the pilot too' : ''}.</p>
      ) : (
        <TableScroll label="Module screens">
          <table className="data-table" aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                <th scope="col">Module</th>
                <th scope="col">Active release</th>
                {pilot && <th scope="col">Pilot</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">
                    {row.name} <span className="muted">({row.key})</span>
                  </th>
                  <td>{screens(row.active)}</td>
                  {pilot && <td>{row.pilot === row.active ? screens(row.pilot) : <strong>{screens(row.pilot)}</strong>}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
