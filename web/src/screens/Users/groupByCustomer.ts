/** Users by customer id ('' for none): customers in id order, users without one last. */
export function groupByCustomer<U extends { customerId: string | null }>(users: readonly U[]): [string, U[]][] {
  const groups = new Map<string, U[]>();
  for (const user of users) {
    const key = user.customerId ?? '';
    groups.set(key, [...(groups.get(key) ?? []), user]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
}
