import type { CustomerModules } from '../../customers/customerModules.ts';
import { DEMO_CUSTOMERS } from './demoAccounts.ts';

/** Adds the demo customers the demo accounts belong to (SEED_DEMO_DATA), written as the system, not a person. */
export async function seedDemoCustomers(customerModules: CustomerModules): Promise<void> {
  for (const customer of DEMO_CUSTOMERS) await customerModules.createCustomer({ ...customer }, { sub: 'system', email: 'demo-data' });
}
