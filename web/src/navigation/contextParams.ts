/** A route parameter that names a customer (`customerId`, `customer_id`): the customer in context fills it. */
const isCustomerParam = (name: string) => /^customer_?id$/i.test(name);

/** A route parameter that names a site (`siteId`, `site_id`): the customer's site groups list the sites. */
export const isSiteParam = (name: string) => /^site_?id$/i.test(name);

/**
 * The values a screen opens others with: those of its own address, and the customer in context for a
 * customer parameter its address lacks, so nobody is asked for the customer they already chose (or,
 * as a customer's user, have).
 */
export function withCustomerInContext(
  params: Readonly<Record<string, string | undefined>>,
  names: readonly string[],
  customerId: string | null,
): Record<string, string | undefined> {
  const known: Record<string, string | undefined> = { ...params };
  if (customerId) for (const name of names) if (known[name] === undefined && isCustomerParam(name)) known[name] = customerId;
  return known;
}
