import { useCustomer, useSignedInUser } from '@platform/module-sdk';
import type { ModelRuntimeDomainList } from './contracts.generated.ts';
import { useBackend } from './useBackend.ts';

const STAFF_ROLE = 'sentient';

/**
 * What people call a domain ("Wind fleet"), for the screens under it: addresses carry its id
 * ("acme-wind"), which is no name to show (issue 35). Nothing while the list is on its way, or
 * when it does not hold the domain: the screen then says what it says without it.
 */
export function useDomainName(id: string | undefined): string {
  const customer = useCustomer().id;
  const staff = useSignedInUser().role === STAFF_ROLE;
  const answer = useBackend<ModelRuntimeDomainList>(customer ? `/customers/${encodeURIComponent(customer)}/domains` : staff ? '/domains' : null);
  return (answer.state === 'done' && answer.data.domains.find((d) => d.id === id)?.name) || '';
}
