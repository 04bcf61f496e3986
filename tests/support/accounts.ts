import { join } from 'node:path';

/** The demo accounts' password. */
export const PASSWORD = 'Demo-Passw0rd!';

/** The demo accounts (config-service/src/local/demoData/demoAccounts.ts) and where spec sections 4 and 6 say each one lands. */
export const ACCOUNTS = {
  staff: { email: 'staff@demo.local', landing: '/model-builder', h1: 'CLP' },
  engineer: { email: 'engineer@acme.example', landing: '/asset-life', h1: 'Sites' },
  analyst: { email: 'analyst@acme.example', landing: '/ingestion/file-summary', h1: 'File summary' },
  mfa: { email: 'mfa@acme.example', landing: '/profile?require=mfa', h1: 'Profile' },
  viewer: { email: 'viewer@globex.example', landing: '/', h1: 'Welcome, Vic' },
  /** Of initech, which the demo data does not add: customersAdmin.serial.ts has an operator add it. */
  planner: { email: 'planner@initech.example', landing: '/asset-life', h1: 'Sites' },
} as const;

const stateDir = join(process.env.E2E_DATA_DIR ?? join(import.meta.dirname, '..', '..', '.data'), 'e2e-auth');

/**
 * Where the setup project (sessions.setup.ts) keeps the signed-in sessions that journeys start from
 * when signing in is not what they are about: in the run's own data folder, so two runs on one machine
 * (on other ports) never read each other's tokens. A journey that signs out signs in by itself, so
 * these sessions are never ended.
 */
export const STAFF_STATE = join(stateDir, 'staff.json');
/** engineer@acme.example, signed in (a customer user, landing on /asset-life). */
export const ENGINEER_STATE = join(stateDir, 'engineer.json');
