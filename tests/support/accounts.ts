import { join } from 'node:path';

/** The demo accounts (config-service/src/identity/local/demoAccounts.ts) and where spec sections 4 and 6 say each one lands. */
export const PASSWORD = 'Demo-Passw0rd!';

export const ACCOUNTS = {
  staff: { email: 'staff@demo.local', landing: '/model-builder', h1: 'CLP' },
  engineer: { email: 'engineer@acme.example', landing: '/asset-life', h1: 'Sites' },
  analyst: { email: 'analyst@acme.example', landing: '/ingestion/file-summary', h1: 'File summary' },
  mfa: { email: 'mfa@acme.example', landing: '/profile?require=mfa', h1: 'Profile' },
  viewer: { email: 'viewer@globex.example', landing: '/', h1: 'Welcome, Vic' },
} as const;

/**
 * Where the setup project keeps the staff session for the route walk: in the run's own data folder,
 * so two runs on one machine (on other ports) never read each other's tokens.
 */
export const STAFF_STATE = join(process.env.E2E_DATA_DIR ?? join(import.meta.dirname, '..', '..', '.data'), 'e2e-auth', 'staff.json');
