import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CustomerList, CustomerModule, CustomerModuleUpdate, ModuleAuditPage } from '@platform/schemas';
import { authorization } from './authorization.ts';
import { getJson, putJson } from './http.ts';

/** The customers staff may act for, each with its module switches. */
export const customersQuery = queryOptions({
  queryKey: ['customers'],
  queryFn: async () => getJson<CustomerList>('/api/v1/customers', await authorization()),
  staleTime: 60_000,
});

/**
 * Switches a module for a customer, stating the version the operator saw: the service refuses (409,
 * with the current state) if someone changed it since, rather than overwrite their change.
 */
export async function setCustomerModule(customerId: string, moduleKey: string, change: CustomerModuleUpdate, seenVersion: number): Promise<CustomerModule> {
  const path = `/api/v1/customers/${encodeURIComponent(customerId)}/modules/${encodeURIComponent(moduleKey)}`;
  return putJson<CustomerModule>(path, change, { ...(await authorization()), 'if-match': `"${seenVersion}"` });
}

const AUDIT_PAGE = 20;

/** A customer's audit log, newest first, a page at a time; optionally one module's. */
export const customerAuditQuery = (customerId: string, moduleKey: string) =>
  infiniteQueryOptions({
    queryKey: ['customers', customerId, 'audit', moduleKey],
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(AUDIT_PAGE) });
      if (moduleKey) query.set('module', moduleKey);
      if (pageParam) query.set('cursor', pageParam);
      return getJson<ModuleAuditPage>(`/api/v1/customers/${encodeURIComponent(customerId)}/audit?${query}`, await authorization());
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
