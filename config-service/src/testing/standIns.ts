// What tests outside local/ use of the stand-ins for other teams' systems (decision 0077): only the
// composition root and the test helpers reach into local/, so the product's own files never do.
export { DEMO_ACCOUNTS, DEMO_PASSWORD, INVITED_DEMO_ACCOUNT } from '../local/demoData/demoAccounts.ts';
export type { LocalIdentityProvider } from '../local/identityProvider/startLocalIdentityProvider.ts';
export type { DirectoryUser } from '../local/mainBackend/userDirectory.ts';
