import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root (the image's /app), from this module's own address: two levels up from the
 * TypeScript sources (config-service/src/) and from the compiled bundle (config-service/dist/) alike,
 * so every file the service reads at run time is found the same way from either.
 */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A path in the repository, e.g. `inRepo('route-manifests')`. */
export const inRepo = (...parts: string[]): string => join(repoRoot, ...parts);
