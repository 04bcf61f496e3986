import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Customer,
  CustomerCreate,
  CustomerList,
  CustomerModule,
  CustomerModuleUpdate,
  CustomerRename,
  ModuleAuditPage,
  UnaddedCustomerList,
} from '@platform/schemas';
import { callService } from './apiClient.ts';

const LIST_PAGE = 50;
/** How many suggestions a search-as-you-type box shows: enough to pick from, few enough to read. */
const SUGGESTIONS = 20;

const listPath = (query: string, limit: number, cursor?: string) => {
  const params = new URLSearchParams({ limit: String(limit) });
  if (query) params.set('query', query);
  if (cursor) params.set('cursor', cursor);
  return `/customers?${params}`;
};

/** The operators' list: customers whose id or name holds `query`, a page at a time, in name order. */
export const customerPagesQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: ['customers', 'list', query],
    queryFn: ({ pageParam }) => callService<CustomerList>(listPath(query, LIST_PAGE, pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The list stays while a new search is asked, instead of flashing empty at each key.
    placeholderData: keepPreviousData,
  });

/** The first customers whose id or name holds `query`: a search-as-you-type box's suggestions. */
export const customerSuggestionsQuery = (query: string) =>
  queryOptions({
    queryKey: ['customers', 'suggestions', query],
    queryFn: ({ signal }) => callService<CustomerList>(listPath(query, SUGGESTIONS), { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** The most ids one request may name: the service's bound (customer-list-query.schema.json), a page of users. */
export const CUSTOMER_IDS_PER_REQUEST = 200;

/** The customers of these ids (at most CUSTOMER_IDS_PER_REQUEST, sorted), in one request; ids it does not hold are left out. */
export const customersByIdQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: ['customers', 'by-id', ids],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ ids: ids.join(','), limit: String(ids.length) });
      return callService<CustomerList>(`/customers?${params}`, { signal });
    },
    staleTime: 60_000,
  });

/** One customer with its module switches; its version is what a rename names. */
export const customerQuery = (customerId: string) =>
  queryOptions({
    queryKey: ['customers', 'one', customerId],
    queryFn: () => callService<Customer>(`/customers/${encodeURIComponent(customerId)}`),
    staleTime: 60_000,
  });

/** The customer ids users' claims name that are not customers yet. */
export const unaddedCustomersQuery = queryOptions({
  queryKey: ['customers', 'unadded'],
  queryFn: () => callService<UnaddedCustomerList>('/unadded-customers'),
  staleTime: 60_000,
  retry: false,
});

/** Adds a customer; the service refuses (409) an id that is taken. */
export function addCustomer(customer: CustomerCreate): Promise<Customer> {
  return callService<Customer>('/customers', { method: 'POST', body: customer });
}

/** Renames a customer, stating the version read: the service refuses (409) if someone renamed it since. */
export function renameCustomer(customerId: string, change: CustomerRename, seenVersion: number): Promise<Customer> {
  return callService<Customer>(`/customers/${encodeURIComponent(customerId)}`, { method: 'PATCH', body: change, headers: { 'if-match': `"${seenVersion}"` } });
}

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
