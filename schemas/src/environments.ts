/**
 * Environments whose web app offers what is there for trying the platform out: the /loading page (spec:
 * "passes only when the environment is demo or local") and the local identity provider's hints. They say
 * nothing of what the service allows: outside `local` its production guards apply (decision 0040).
 */
export const DEMO_OR_LOCAL_ENVIRONMENTS: readonly string[] = ['local', 'demo'];

/** Whether an environment is demo or local (DEMO_OR_LOCAL_ENVIRONMENTS), for the web app's pages. */
export const isDemoOrLocal = (environment: string): boolean => DEMO_OR_LOCAL_ENVIRONMENTS.includes(environment);

/** Environments the administration screens offer when limiting a module's exposure; any other name can still be typed. */
export const KNOWN_ENVIRONMENTS: readonly string[] = [...DEMO_OR_LOCAL_ENVIRONMENTS, 'dev', 'staging', 'production'];
