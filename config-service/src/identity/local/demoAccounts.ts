import { STAFF_ROLE, type AuthClaim } from '@platform/schemas';

/** Password of every demo account (README lists them). */
export const DEMO_PASSWORD = 'Demo-Passw0rd!';

export interface DemoAccount {
  email: string;
  givenName: string;
  familyName: string;
  /** Undefined: the account has no auth claim at all. */
  auth: AuthClaim | undefined;
}

/** The demo accounts of issue #3; their auth object reaches the ID token as custom:auth. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'staff@demo.local', givenName: 'Sam', familyName: 'Staff', auth: { role: STAFF_ROLE, requireMFA: false } },
  {
    email: 'engineer@acme.example',
    givenName: 'Erin',
    familyName: 'Engineer',
    auth: { role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs', requireMFA: false },
  },
  {
    email: 'analyst@acme.example',
    givenName: 'Avery',
    familyName: 'Analyst',
    auth: { role: 'customer', customerId: 'acme', modules: ['ig', 'mp', 'zz'], requireMFA: false },
  },
  { email: 'mfa@acme.example', givenName: 'Morgan', familyName: 'Factor', auth: { role: 'customer', customerId: 'acme', modules: ['cd'], requireMFA: true } },
  { email: 'viewer@globex.example', givenName: 'Vic', familyName: 'Viewer', auth: { role: 'customer', customerId: 'globex', modules: [], requireMFA: false } },
  // A customer the demo data does not add: an operator adds it (Settings → Customers lists it among the
  // ids users' claims name), and until then its user gets the modules' defaults.
  {
    email: 'planner@initech.example',
    givenName: 'Pat',
    familyName: 'Planner',
    auth: { role: 'customer', customerId: 'initech', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs', requireMFA: false },
  },
];

/** The demo customers. Until the customer store exists (issue #6) they are the customers the service knows. */
export const DEMO_CUSTOMERS = [
  { id: 'acme', name: 'Acme Industrial' },
  { id: 'globex', name: 'Globex Energy' },
] as const;
