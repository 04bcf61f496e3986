import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { CUSTOMER_IDS_PER_REQUEST, customersByIdQuery } from '../api/customers.ts';

/**
 * Names for the customer ids a screen shows, asked for in one request (`GET /api/v1/customers?ids=…`),
 * so a screen asks for exactly the customers it names however many the provider has (decision 0050),
 * and a page of users costs one request, not one per customer (issue 37). More ids than one request
 * may name are asked for in as few requests as that takes. An id the service does not know (a claim
 * naming a customer not added yet) or not read yet stands for itself.
 */
export function useCustomerNames(ids: readonly string[], enabled = true): (id: string) => string {
  // Sorted, so the same customers in another order are the same request.
  const unique = [...new Set(ids)].filter(Boolean).sort();
  const batches: string[][] = [];
  for (let i = 0; i < unique.length; i += CUSTOMER_IDS_PER_REQUEST) batches.push(unique.slice(i, i + CUSTOMER_IDS_PER_REQUEST));
  const read = useQueries({
    // A missing customer stays missing: asking again would not name it. The names stay while a new set is asked.
    queries: batches.map((batch) => ({ ...customersByIdQuery(batch), enabled, retry: false, placeholderData: keepPreviousData })),
  });
  const names = new Map<string, string>();
  for (const { data } of read) for (const customer of data?.customers ?? []) names.set(customer.id, customer.name);
  return (id) => names.get(id) ?? id;
}
