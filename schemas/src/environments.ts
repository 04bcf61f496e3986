/**
 * Environments that run the local identity provider with its demo accounts, may seed the demo data and
 * serve /loading; any other name is production (decision 0017).
 */
export const LOCAL_ENVIRONMENTS: readonly string[] = ['local', 'demo'];

/** Whether an environment is local or demo (LOCAL_ENVIRONMENTS), not production. */
export const isLocalEnvironment = (environment: string): boolean => LOCAL_ENVIRONMENTS.includes(environment);

/** Environments the administration screens offer when limiting a module's exposure; any other name can still be typed. */
export const KNOWN_ENVIRONMENTS: readonly string[] = [...LOCAL_ENVIRONMENTS, 'dev', 'staging', 'production'];
