import type { BackendName } from '@platform/schemas';

/** The variable holding a backend's base address. */
export type BackendVariable = `API_BASE_${string}`;

/** API_BASE_ plus the name in upper snake case: coldStartPublic → API_BASE_COLD_START_PUBLIC. */
export const backendVariable = (name: BackendName): BackendVariable => `API_BASE_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** Where the local main API is served when this service provides it. */
export const LOCAL_MAIN_API_BASE = '/api/main';

/** Where the Model Runtime backend's local counterpart is served when this service provides the main one's (LOCAL_MAIN_API). */
export const LOCAL_MODEL_RUNTIME_API_BASE = '/api/model-runtime';

/** Where the user-management backend's local counterpart is served when this service provides it. */
export const LOCAL_USER_MANAGEMENT_API_BASE = '/api/user-management';
