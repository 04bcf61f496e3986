import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KNOWN_ROLES, STAFF_ROLE } from './roles.ts';

const manifestsDir = new URL('../../route-manifests/', import.meta.url);

/** Every role the route manifests restrict a module, a route or a default to. */
function rolesInManifests(): Set<string> {
  const roles = new Set<string>();
  for (const file of readdirSync(manifestsDir).filter((f) => f.endsWith('.json'))) {
    JSON.parse(readFileSync(new URL(file, manifestsDir), 'utf8'), (key, value: unknown) => {
      if ((key === 'roles' || key === 'defaultForRoles') && Array.isArray(value)) for (const role of value) roles.add(String(role));
      return value;
    });
  }
  return roles;
}

describe('roles', () => {
  it('the staff role is the one the route manifests reserve their staff screens for', () => {
    expect(rolesInManifests()).toContain(STAFF_ROLE);
  });

  it('the administration screens offer every role the route manifests name', () => {
    for (const role of rolesInManifests()) expect(KNOWN_ROLES).toContain(role);
  });
});
