// The platform's module SDK: what a module's screen bundle compiles against. This package holds the
// contract only. At run time the shell provides every value declared here, from one shared file the
// page's import map names for `@platform/module-sdk`, so every bundle uses the shell's own instance:
// its session, its API client, its router and its toaster. A bundle's build marks this package,
// `react` and `react/jsx-runtime` external (decision 0058).
//
// Versioned with semver: a minor version only adds, a major version may remove or change. A bundle
// names the range it was built for in `bundle.json` ({ "sdk": "^1.0.0" }); the shell refuses one its
// version does not satisfy.
import type { ComponentType, ReactNode } from 'react';

/** Values of a route's parameters, by the names its path gives them (`:jobId` → `jobId`). */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/** What the shell gives each screen of a bundle. */
export interface ScreenProps {
  /** The route's name in the module's manifest, e.g. `lcc.job`. */
  routeName: string;
  /** The route's parameters as the address carries them. */
  params: RouteParams;
  /** The route's title with its parameters filled in: the screen renders it as the page's one `<h1>`. */
  title: string;
}

/** What a bundle's `index.js` exports: its screens by screen id (the `screen` a route names, e.g. `lcc.home`). */
export interface BundleExports {
  screens: Readonly<Record<string, ComponentType<ScreenProps>>>;
}

/** What `bundle.json` beside `index.js` says: the SDK range the bundle was built for. */
export interface BundleDeclaration {
  sdk: string;
}

/** The backends modules call (spec section 7), by the names the runtime configuration gives them. */
export type Backend =
  | 'main'
  | 'assetHealth'
  | 'mapping'
  | 'lifex'
  | 'technicalDashboard'
  | 'lifeCost'
  | 'modelRuntime'
  | 'rail'
  | 'coreData'
  | 'coldStartPublic'
  | 'userManagement';

/** A call to a backend. */
export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /** The site groups to filter by; the user's current selection when left out. */
  siteGroups?: readonly string[];
  signal?: AbortSignal;
}

/**
 * The platform's client for every backend: the base address from the runtime configuration, the
 * user's token, the customer in context and the site-group filter are added for you. A call the
 * backend answers 401 sends the user to sign in again (the forced login); any other failure rejects
 * with an error `isApiError` recognises.
 */
export interface ApiClient {
  /** Calls a backend and reads its JSON answer. */
  json<T>(backend: Backend, path: string, options?: CallOptions): Promise<T>;
  /** Fetches a file with the user's token, as a blob with its content type. */
  blob(backend: Backend, path: string, options?: CallOptions): Promise<Blob>;
  /** The address of `path` on a backend, with the query and the site-group filter applied. */
  url(backend: Backend, path: string, options?: Pick<CallOptions, 'query' | 'siteGroups'>): string;
  /** The cloud region the backend is in, where the deployment names one. */
  region(backend: Backend): string | undefined;
}

/** What `usePlatformQuery` asks for besides the path: as a call's `query` and `siteGroups`. */
export type PlatformQueryOptions = Pick<CallOptions, 'query' | 'siteGroups'>;

/** A backend's answer as a screen draws it, from `usePlatformQuery`. */
export interface PlatformQuery<T> {
  /** The answer; undefined until the first one for this path is in, and while nothing is asked. */
  data: T | undefined;
  /** Why the last call failed (`isApiError` narrows it to the backend's answer); null when it did not. */
  error: Error | null;
  /** True while a call is on its way and no answer for this path is in yet. */
  loading: boolean;
  /** Asks the backend again, keeping the answer on screen until the new one is in. */
  refetch(): void;
}

/** A failed call: the HTTP status and, when the answer carried them, the problem details (RFC 9457). */
export interface ApiError extends Error {
  readonly status: number;
  /** The problem's stable code, or `WEB_ERR_HTTP_STATUS` when the answer carried none. */
  readonly code: string;
  readonly problem: { title?: string; detail?: string; code?: string; [extension: string]: unknown } | undefined;
}

/** The signed-in user, as their ID token names them. */
export interface SignedInUser {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  /** The platform role (e.g. `engineer`); null when the token carries none. */
  role: string | null;
}

/** The customer the user works in: their own, or the one staff chose (spec section 6). */
export interface CustomerInContext {
  /** null for staff who have chosen none. */
  id: string | null;
}

/** The shell's toasts (spec section 9: bottom right, 5 seconds). */
export interface Toasts {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

/** A date as the APIs send them: ISO 8601 text, epoch milliseconds or a Date. */
export type DateInput = string | number | Date | null | undefined;

/** Props of `RouteLink`. */
export interface RouteLinkProps {
  /** The route's name, unique across the user's manifest. */
  to: string;
  params?: RouteParams;
  children: ReactNode;
  className?: string;
}

/** The version of the SDK the shell on this page provides. */
export declare const sdkVersion: string;

/** The API client for the backends, for the customer and site groups in context. */
export declare function useApi(): ApiClient;

/**
 * GETs `path` of a backend through `useApi()`'s client and keeps the answer in the shell's query cache:
 * asked once for every screen that shows it, again when the path, the options, the customer in context
 * or the site groups selected change (an answer to an earlier one is never shown), and when the window
 * regains focus. A failed call is not retried by itself: `refetch` asks again. null: nothing to ask.
 * Since 1.1.0.
 */
export declare function usePlatformQuery<T>(backend: Backend, path: string | null, options?: PlatformQueryOptions): PlatformQuery<T>;

/** Whether a call failed with an answer (optionally: with this status). */
export declare function isApiError(error: unknown, status?: number): error is ApiError;

/** The signed-in user. */
export declare function useSignedInUser(): SignedInUser;

/** The customer in context; a change (staff switching customers) re-renders the screen. */
export declare function useCustomer(): CustomerInContext;

/** The site groups the user selected for the customer in context; the API client already filters by them. */
export declare function useSiteGroups(): readonly string[];

/** The address of a route by name with its parameters filled in; undefined when the user has no such route. */
export declare function useRouteHref(name: string, params?: RouteParams): string | undefined;

/** Navigates to a route by name; does nothing when the user has no such route. */
export declare function useNavigateToRoute(): (name: string, params?: RouteParams) => void;

/** A link to a route by name; its text alone when the user has no such route. */
export declare const RouteLink: ComponentType<RouteLinkProps>;

/** The shell's toasts. */
export declare const toast: Toasts;

/** 23-Nov-2026 in the viewer's time zone; `-` for a missing or invalid date. */
export declare function formatDate(input: DateInput): string;

/** 23-Nov-2026 14:05:09 UTC; `-` for a missing or invalid date. */
export declare function formatDateTimeUtc(input: DateInput): string;

/** 1536 → `1.5 KB`: steps of 1024, Bytes to YB, `decimals` places (2) without trailing zeros; `-` for nonsense. */
export declare function formatBytes(bytes: number | null | undefined, decimals?: number): string;
