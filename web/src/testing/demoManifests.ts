import { join } from 'node:path';
import { buildUserManifest } from '../../../config-service/src/manifests/buildUserManifest.ts';
import { loadManifestSet } from '../../../config-service/src/manifests/loadManifestSet.ts';

// The manifests the service builds from route-manifests/ for two kinds of user, for tests that must
// hold to what real users are given (which screens, which roles), not to a hand-made copy.
const set = loadManifestSet(join(import.meta.dirname, '../../../route-manifests'));
const options = { environment: 'local', productName: 'AssetTwin', requestedCustomerId: undefined };

/** Staff (role sentient): every module, every Settings screen. */
export const staffManifest = buildUserManifest(
  set,
  { sub: 'staff-1', email: 'staff@demo.local', givenName: 'S', familyName: 'S', auth: { role: 'sentient' } },
  options,
);

/** A customer's engineer whose claim lists Asset Life alone: no staff-only Settings screen, no other module. */
export const engineerManifest = buildUserManifest(
  set,
  { sub: 'engineer-1', email: 'engineer@acme.example', givenName: 'E', familyName: 'E', auth: { role: 'engineer', customerId: 'acme', modules: ['hs'] } },
  options,
);
