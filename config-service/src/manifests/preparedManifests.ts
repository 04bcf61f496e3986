import { createHash } from 'node:crypto';
import type { UserManifest } from '@platform/schemas';
import type { VerifiedUser } from '../claims/verifiedUser.ts';
import type { ManifestSet } from './loadManifestSet.ts';

/** A user's manifest ready to go out: serialized and encoded once, and tagged with the hash of those bytes. */
export interface PreparedManifest {
  /** UTF-8, as sent: a string would be encoded again on every request (a staff manifest is 35 KB). */
  body: Buffer;
  etag: string;
}

interface Entry {
  set: ManifestSet;
  switches: string;
  prepared: PreparedManifest & { built: boolean };
}

/** More customers than this chosen on one token, and the oldest answers are built again. */
const CHOICES_PER_TOKEN = 16;

/** Keys already made: CustomerModules hands out one frozen object per customer's switches read. */
const keys = new WeakMap<object, string>();

/** The customer's switches as one string: equal strings, equal switches within one manifest set. */
export function switchesKey(switches: Readonly<Record<string, boolean>> | undefined): string {
  if (!switches) return '';
  let key = keys.get(switches);
  if (key !== undefined) return key;
  key = '';
  for (const name in switches) key += switches[name] ? '1' : '0';
  // Only a frozen object cannot change under its key.
  if (Object.isFrozen(switches)) keys.set(switches, key);
  return key;
}

/**
 * Users' manifests as last built and serialized, so a browser's repeated requests (every page load,
 * every live update, every tab) cost a lookup rather than a build, a serialization and a hash.
 *
 * Keyed by the verified user object, which the token cache hands out once per token: a token's
 * claims cannot change, so what it is answered depends only on the customer in context, the manifest
 * set and that customer's switches. Those are checked on every use; any change builds afresh. Held
 * weakly: an entry lives as long as its token is remembered, and no longer.
 */
export class PreparedManifests {
  readonly #byUser = new WeakMap<VerifiedUser, Map<string, Entry>>();

  /**
   * The prepared manifest for this user, customer choice, set and switches; `build` runs when there
   * is none yet, or when the set or switches have changed since.
   */
  get(
    user: VerifiedUser,
    choice: string,
    set: ManifestSet,
    switches: Readonly<Record<string, boolean>> | undefined,
    build: () => UserManifest,
    serialize: (manifest: UserManifest) => string = JSON.stringify,
  ): PreparedManifest & { built: boolean } {
    const key = switchesKey(switches);
    let entries = this.#byUser.get(user);
    const entry = entries?.get(choice);
    if (entry && entry.set === set && entry.switches === key) return entry.prepared;
    const prepared = prepare(build(), serialize);
    if (!entries) this.#byUser.set(user, (entries = new Map()));
    entries.delete(choice);
    // Stored as a later request will see it: not built by that request.
    entries.set(choice, { set, switches: key, prepared: { ...prepared, built: false } });
    if (entries.size > CHOICES_PER_TOKEN) entries.delete(entries.keys().next().value!);
    return { ...prepared, built: true };
  }
}

/**
 * The bytes sent (by the route's own serializer, so only what the schema declares goes out), and an
 * entity tag from them: the document holds everything the answer depends on
 * (manifest set version, the user's claims, the customer and what is on), so its hash is its version.
 */
export function prepare(manifest: UserManifest, serialize: (manifest: UserManifest) => string = JSON.stringify): PreparedManifest {
  const body = Buffer.from(serialize(manifest));
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}
