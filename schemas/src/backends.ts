import { publicConfigSchema } from './generated/public-config.ts';

/**
 * The backends modules call (spec section 7), as the public configuration names them: the one list.
 * The service's `API_BASE_…` settings, the web app's API client and its test fakes follow it; the
 * module SDK's `Backend` type, which module teams compile against without this package, is held to it
 * by a type test (decision 0080).
 */
export const BACKENDS = publicConfigSchema.properties.backends.required;

/** A backend's name, as modules call it. */
export type BackendName = (typeof BACKENDS)[number];
