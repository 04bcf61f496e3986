import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Where a package the service uses only locally is installed (cognito-local, pino-pretty), or undefined
 * when it is not: they are development dependencies, left out of production installs and the image.
 */
export function localOnlyPackage(specifier: string): string | undefined {
  try {
    return require.resolve(specifier);
  } catch (error) {
    if ((error as { code?: string }).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}
