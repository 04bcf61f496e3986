import { useQueries } from '@tanstack/react-query';
import { customerQuery } from '../api/customers.ts';

/**
 * Names for the customer ids a screen shows, read one customer at a time and cached, so a screen asks
 * for exactly the customers it names however many the provider has (decision 0050). An id the service
 * does not know (a claim naming a customer not added yet) or not read yet stands for itself.
 */
export function useCustomerNames(ids: readonly string[], enabled = true): (id: string) => string {
  const unique = [...new Set(ids)].filter(Boolean);
  const read = useQueries({
    // A missing customer stays missing: asking again would not name it.
    queries: unique.map((id) => ({ ...customerQuery(id), enabled, retry: false })),
  });
  const names = new Map<string, string>();
  for (const { data } of read) if (data) names.set(data.id, data.name);
  return (id) => names.get(id) ?? id;
}
