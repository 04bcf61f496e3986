import { isCustomerId } from '@platform/schemas';
import type { UserDirectoryStore } from '../store/userDirectoryStore.ts';

/** The customer ids users' claims name, with how many users name each, from the first `usersRead` users of the pool. */
export interface ClaimedCustomers {
  counts: ReadonlyMap<string, number>;
  usersRead: number;
  /** False when the pool holds more users than one reading takes. */
  complete: boolean;
}

/** Where the customer ids in users' claims are read. */
export interface ClaimedCustomerIds {
  read(): Promise<ClaimedCustomers>;
}

/**
 * The customer ids the claims of the users in the platform's directory name (decision 0050), each as the
 * platform reads it (decision 0082) and only if it is a customer id (anything else cannot be added as a
 * customer). One query of the directory, whatever the pool's size (decision 0092): the reading is of
 * every user, so it is complete.
 */
export function directoryClaimedCustomerIds(directory: Pick<UserDirectoryStore, 'customerCounts' | 'size'>): ClaimedCustomerIds {
  return {
    async read() {
      const [counts, usersRead] = await Promise.all([directory.customerCounts(), directory.size()]);
      return { counts: new Map([...counts].filter(([id]) => isCustomerId(id))), usersRead, complete: true };
    },
  };
}
