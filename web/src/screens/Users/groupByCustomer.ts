/** Users by customer id ('' for none): customers in id order, users without one last. */
export function groupByCustomer<U extends { customerId: string | null }>(users: readonly U[]): [string, U[]][] {
  const groups = new Map<string, U[]>();
  for (const user of users) {
    const key = user.customerId ?? '';
    // Pushed, not copied: a copy per user would make a pool of thousands cost millions of steps.
    const group = groups.get(key);
    if (group) group.push(user);
    else groups.set(key, [user]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
}

/** Users in the order of their family, then given name, as both users tables list them. */
export const byName = <U extends { givenName: string; familyName: string }>(users: readonly U[]): U[] =>
  [...users].sort((a, b) => `${a.familyName} ${a.givenName}`.localeCompare(`${b.familyName} ${b.givenName}`));
