import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { GUARD_OPENS_PER_USER, type PilotHealth as Health } from '@platform/schemas';
import { pilotHealthQuery } from '../../api/releases.ts';
import { LoadState } from '../shared/LoadState.tsx';
import { TableScroll } from '../shared/TableScroll.tsx';
import { HealthChart } from './HealthChart.tsx';
import { minuteRows, percent } from './healthSeries.ts';

type ModuleHealth = Health['modules'][number];
type Guard = NonNullable<NonNullable<Health['pilot']>['guard']>;
type Figures = ModuleHealth['pilot'];
type Counted = ModuleHealth['counted']['pilot'];

const bundleName = (version: string | null) => (version === null ? 'compiled-in screens' : `bundle ${version}`);
const ms = (value: number | null | undefined) => (value === null || value === undefined ? '–' : `${Math.round(value)} ms`);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** What the guard counts of a group: each user's first few opens, and how many users failed. */
const countedText = (c: Counted) =>
  c.users === 0
    ? 'none'
    : `${plural(c.opens, 'open')} of ${plural(c.users, 'user')}${c.failures ? `, ${c.failures} failed (${plural(c.failingUsers, 'user')})` : ''}`;
const failed = (f: Figures) => `${percent(f.failureRate)} of ${f.opens} ${f.opens === 1 ? 'open' : 'opens'} failed`;

/** What the guard's rule makes of a module's figures now, in words. */
function verdictText(module: ModuleHealth, guard: Guard | null): string {
  switch (module.verdict) {
    case 'too-few-opens':
      return guard
        ? `Too few opens to judge yet: the guard waits for ${guard.minOpens} among the pilot's users, counting at most ${GUARD_OPENS_PER_USER} of each.`
        : 'Too few opens to judge yet.';
    case 'healthy':
      return 'Healthy: the pilot fails no more than the guard allows, or no more than everyone else. The guard sets aside the user who failed most.';
    case 'failing':
      return guard ? 'Failing: the guard is ending the pilot.' : 'Failing more than everyone else. There is no guard: end the pilot if its users are affected.';
  }
}

function ModuleFigures({ module, startedAt, guard }: { module: ModuleHealth; startedAt: string; guard: Guard | null }) {
  const id = useId();
  const rows: [string, string | null, Figures, Counted][] = [
    ["Pilot's users", module.pilotBundle, module.pilot, module.counted.pilot],
    ['Everyone else', module.controlBundle, module.control, module.counted.control],
  ];
  return (
    <section aria-labelledby={`${id}-title`} className="module-health">
      <h4 id={`${id}-title`}>
        {module.moduleKey}: {bundleName(module.controlBundle)} → {bundleName(module.pilotBundle)}
      </h4>
      <p className={module.verdict === 'failing' ? 'form-error' : undefined}>{verdictText(module, guard)}</p>
      <TableScroll label={`Figures of ${module.moduleKey}`}>
        <table>
          <caption className="visually-hidden">Figures of {module.moduleKey} since the pilot began</caption>
          <thead>
            <tr>
              <th scope="col">Users</th>
              <th scope="col">Screens</th>
              <th scope="col">Opens</th>
              <th scope="col">Failures</th>
              <th scope="col">Failure rate</th>
              <th scope="col">Open time (p75)</th>
              <th scope="col">The guard counts</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([who, bundle, f, c]) => (
              <tr key={who}>
                <th scope="row">{who}</th>
                <td>{bundleName(bundle)}</td>
                <td>{f.opens}</td>
                <td>{f.failures}</td>
                <td>{percent(f.failureRate)}</td>
                <td>{ms(f.p75OpenMs)}</td>
                <td>{countedText(c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <HealthChart
        pilot={module.series.pilot}
        control={module.series.control}
        startedAt={startedAt}
        until={Date.now()}
        maxErrorRate={guard?.maxErrorRate ?? null}
        summary={`Pilot's users: ${failed(module.pilot)}. Everyone else: ${failed(module.control)}.`}
      />
      <details>
        <summary>Minute by minute</summary>
        <TableScroll label={`${module.moduleKey} minute by minute`}>
          <table>
            <caption className="visually-hidden">Opens and failures of {module.moduleKey} a minute at a time</caption>
            <thead>
              <tr>
                <th scope="col">Minute (UTC)</th>
                <th scope="col">Pilot opens</th>
                <th scope="col">Pilot failures</th>
                <th scope="col">Others&apos; opens</th>
                <th scope="col">Others&apos; failures</th>
              </tr>
            </thead>
            <tbody>
              {minuteRows(module.series.pilot, module.series.control).map((row) => (
                <tr key={row.minute}>
                  <th scope="row">{row.minute.slice(11, 16)}</th>
                  <td>{row.pilot?.opens ?? 0}</td>
                  <td>{row.pilot?.failures ?? 0}</td>
                  <td>{row.control?.opens ?? 0}</td>
                  <td>{row.control?.failures ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </section>
  );
}

/** The guard's settings in words. */
function guardText(guard: Guard | null): string {
  if (!guard) return 'No guard: the pilot runs until it is ended or promoted.';
  return (
    `Guard running: the pilot ends by itself when a screen it changes fails for more than ${percent(guard.maxErrorRate)} of at least ${guard.minOpens} opens among its users, ` +
    `and more often than for everyone else. It counts the first ${GUARD_OPENS_PER_USER} opens of each user, and never ends the pilot on one user's failures alone.`
  );
}

/**
 * The pilot's health (issue 39): for each module whose screens it changes, its users against everyone
 * else on the module, figures and a chart over the pilot's time, and what the guard makes of them.
 */
export function PilotHealth() {
  const id = useId();
  const health = useQuery(pilotHealthQuery);
  const pilot = health.data?.pilot;
  const modules = health.data?.modules ?? [];
  return (
    <section aria-labelledby={`${id}-title`} className="pilot-health">
      <h3 id={`${id}-title`}>How the pilot fares</h3>
      {!health.data && <LoadState what="the pilot's health" error={health.error} onRetry={() => void health.refetch()} />}
      {pilot && (
        <>
          <p data-testid="pilot-guard">{guardText(pilot.guard)}</p>
          {modules.length === 0 ? (
            <p className="muted">The pilot changes no module&apos;s screens: there is nothing to watch.</p>
          ) : (
            modules.map((module) => <ModuleFigures key={module.moduleKey} module={module} startedAt={pilot.startedAt} guard={pilot.guard} />)
          )}
        </>
      )}
    </section>
  );
}
