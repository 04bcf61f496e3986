import { STAFF_ROLE, type AuthClaimAsWritten } from '@platform/schemas';

/** Password of every demo account (README lists them). */
export const DEMO_PASSWORD = 'Demo-Passw0rd!';

export interface DemoAccount {
  email: string;
  givenName: string;
  familyName: string;
  /** Undefined: the account has no auth claim at all. Written as a pool writes it (decision 0047). */
  auth: AuthClaimAsWritten | undefined;
  /** custom:auth written as this text instead of auth's JSON: a claim the platform cannot read (a misconfigured account). */
  unusableAuth?: string;
  /** custom:meta, the free-form object the profile shows. */
  meta?: Record<string, unknown>;
  /** phone_number (verified), where SMS codes go; with it, SMS MFA is turned on and preferred at every start. */
  smsMfaPhone?: string;
  /**
   * The account stands for a user of a pool that requires MFA and offers these methods: while it has none on,
   * sign-in asks it to set one up (MFA_SETUP). Every start takes its MFA off again.
   */
  mfaSetUpOffered?: readonly ('SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP')[];
  /** Email MFA on, preferred, at every start: sign-in emails a code (to the log). */
  emailMfa?: boolean;
  /** An administrator reset its password (RESET_REQUIRED) at every start: sign-in sends it to choose a new one. */
  passwordResetRequired?: boolean;
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
  // Issue 27: a claim as real pools write them (a key the platform does not read, nulls, capitals) signs in as any other.
  {
    email: 'pat@acme.example',
    givenName: 'Pat',
    familyName: 'Pool',
    auth: { role: 'customer', customerId: 'ACME', companyName: 'Acme Industrial plc', modules: ['HS'], landingPageModuleKey: null, requireMFA: null },
    meta: { department: 'Maintenance', site: 'Plant 4' },
  },
  // Issue 27: modules that are not a list: the platform cannot read the claim, and says so (403 CFG_ERR_ACCOUNT_MISCONFIGURED).
  {
    email: 'misconfigured@acme.example',
    givenName: 'Mo',
    familyName: 'Misconfigured',
    auth: undefined,
    unusableAuth: JSON.stringify({ role: 'customer', customerId: 'acme', modules: 'hs' }),
  },
  // A customer the demo data does not add: an operator adds it (Settings → Customers lists it among the
  // ids users' claims name), and until then its user gets the modules' defaults.
  {
    email: 'planner@initech.example',
    givenName: 'Pat',
    familyName: 'Planner',
    auth: { role: 'customer', customerId: 'initech', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs', requireMFA: false },
  },
  // Issue 27: SMS MFA (decision 0048). The emulator writes the code it would text to its log, with the
  // phone number as destination. The second is for the choice between methods: a journey adds the
  // authenticator app to it, and each start takes the app off again.
  {
    email: 'sms@acme.example',
    givenName: 'Sasha',
    familyName: 'Texter',
    auth: { role: 'customer', customerId: 'acme', modules: ['hs', 'lcc'], landingPageModuleKey: 'hs', requireMFA: true },
    smsMfaPhone: '+15555550101',
  },
  {
    email: 'choice@acme.example',
    givenName: 'Cass',
    familyName: 'Chooser',
    auth: { role: 'customer', customerId: 'acme', modules: ['hs', 'lcc'], landingPageModuleKey: 'hs', requireMFA: true },
    smsMfaPhone: '+15555550102',
  },
  // Issue 27: MFA set up during sign-in, and email codes (decision 0048), sent by the emulator itself.
  {
    email: 'setup@acme.example',
    givenName: 'Tess',
    familyName: 'Setup',
    auth: { role: 'customer', customerId: 'acme', modules: ['hs', 'lcc'], landingPageModuleKey: 'hs', requireMFA: true },
    mfaSetUpOffered: ['SOFTWARE_TOKEN_MFA'],
  },
  {
    email: 'setup-choice@acme.example',
    givenName: 'Sol',
    familyName: 'Setup',
    auth: { role: 'customer', customerId: 'acme', modules: ['hs', 'lcc'], landingPageModuleKey: 'hs', requireMFA: true },
    mfaSetUpOffered: ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'],
  },
  {
    email: 'email@acme.example',
    givenName: 'Emma',
    familyName: 'Mailer',
    auth: { role: 'customer', customerId: 'acme', modules: ['hs', 'lcc'], landingPageModuleKey: 'hs', requireMFA: true },
    emailMfa: true,
  },
  {
    email: 'reset@acme.example',
    givenName: 'Remy',
    familyName: 'Reset',
    auth: { role: 'customer', customerId: 'acme', modules: ['hs', 'lcc'], landingPageModuleKey: 'hs', requireMFA: false },
    passwordResetRequired: true,
  },
];

/**
 * An account an administrator invited and nobody has used yet: created without a password, so the
 * identity provider writes a temporary one to its log and asks for a new one at the first sign-in.
 */
export const INVITED_DEMO_ACCOUNT: DemoAccount = {
  email: 'invited@acme.example',
  givenName: 'Ivy',
  familyName: 'Invited',
  auth: { role: 'customer', customerId: 'acme', modules: ['hs', 'lcc'], landingPageModuleKey: 'hs', requireMFA: false },
};

/** The demo customers. Until the customer store exists (issue #6) they are the customers the service knows. */
export const DEMO_CUSTOMERS = [
  { id: 'acme', name: 'Acme Industrial' },
  { id: 'globex', name: 'Globex Energy' },
] as const;
