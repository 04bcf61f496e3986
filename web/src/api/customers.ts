import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CustomerList, CustomerModule, CustomerModuleUpdate, ModuleAuditPage } from '@platform/schemas';
import { callService } from './apiClient.ts';

/** The customers staff may act for, each with its module switches. */
export const customersQuery = queryOptions({
  queryKey: ['customers'],
  queryFn: () => callService<CustomerList>('/customers'),
  staleTime: 60_000,
});

/**
 * Switches a module for a customer, stating the version the operator saw: the service refuses (409,
 * with the current state) if someone changed it since, rather than overwrite their change.
 */
export function setCustomerModule(customerId: string, moduleKey: string, change: CustomerModuleUpdate, seenVersion: number): Promise<CustomerModule> {
  const path = `/customers/${encodeURIComponent(customerId)}/modules/${encodeURIComponent(moduleKey)}`;
  return callService<CustomerModule>(path, { method: 'PUT', body: change, headers: { 'if-match': `"${seenVersion}"` } });
}

const AUDIT_PAGE = 20;

/** A customer's audit log, newest first, a page at a time; optionally one module's. */
export const customerAuditQuery = (customerId: string, moduleKey: string) =>
  infiniteQueryOptions({
    queryKey: ['customers', customerId, 'audit', moduleKey],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(AUDIT_PAGE) });
      if (moduleKey) query.set('module', moduleKey);
      if (pageParam) query.set('cursor', pageParam);
      return callService<ModuleAuditPage>(`/customers/${encodeURIComponent(customerId)}/audit?${query}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
