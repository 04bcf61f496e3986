import { queryOptions } from '@tanstack/react-query';
import type { CustomerList } from '@platform/schemas';
import { currentIdToken } from '../auth/session.ts';
import { getJson } from './http.ts';

/** The customers staff may act for. */
export const customersQuery = queryOptions({
  queryKey: ['customers'],
  queryFn: async () => {
    const token = await currentIdToken();
    return getJson<CustomerList>('/api/v1/customers', { authorization: `Bearer ${token ?? ''}` });
  },
  staleTime: 60_000,
});
