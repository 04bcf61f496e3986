import type { Sql } from './database.ts';
import type { ReleaseState } from '@platform/schemas';

/**
 * How many of the releases made active last keep their files whatever their age: the ones a person
 * rolls back to, and the versions the admin module list names (as many as it shows).
 */
export const KEPT_ACTIVATIONS = 10;

/**
 * Clears the files of every release older than the newest `kept`, but for the active one, the pilot's
 * and the last KEPT_ACTIVATIONS made active. Called under the state's lock, so no step can make one of
 * them active meanwhile.
 */
export async function prune(tx: Sql, state: ReleaseState, kept: number): Promise<string[]> {
  const { rows: activated } = await tx.query<{ release: string }>(
    `select release from manifest_release_audit where action in ('activate', 'pilot-promote') order by id desc limit $1`,
    [KEPT_ACTIVATIONS * 10],
  );
  const spared = new Set([state.active, ...(state.pilot ? [state.pilot.release] : [])]);
  for (const recent of [...new Set(activated.map((r) => r.release))].slice(0, KEPT_ACTIVATIONS)) spared.add(recent);
  const { rows } = await tx.query<{ id: string }>(
    `update manifest_releases set files = null
     where files is not null
       and seq <= (select seq from manifest_releases order by seq desc offset $1 limit 1)
       and id not in (select json_array_elements_text($2::json))
     returning id`,
    [kept, JSON.stringify([...spared])],
  );
  return rows.map((r) => r.id);
}
