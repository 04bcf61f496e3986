import type { ModelRuntimeDomainList } from '@platform/schemas';
import { useCustomer, useSignedInUser } from '@platform/module-sdk';
import { useBackend } from './useBackend.ts';

const STAFF_ROLE = 'sentient';

/**
 * What people call a domain ("Wind fleet"), for the screens under it: addresses carry its id
 * ("acme-wind"), which is no name to show (issue 35). Nothing while the list is on its way, so the
 * id never flashes; the id when the list does not hold the domain or cannot be read.
 */
export function useDomainName(id: string | undefined): string {
  const customer = useCustomer().id;
  const staff = useSignedInUser().role === STAFF_ROLE;
  const answer = useBackend<ModelRuntimeDomainList>(customer ? `/customers/${encodeURIComponent(customer)}/domains` : staff ? '/domains' : null);
  if (answer.state === 'loading') return '';
  return (answer.state === 'done' && answer.data.domains.find((d) => d.id === id)?.name) || (id ?? '');
}

/** A domain screen's heading: the route's title, then which domain ("Jobs in Wind fleet"). */
export const inDomain = (title: string, name: string) => (name ? `${title} in ${name}` : title);
