import {
  BACKENDS,
  customerInContext,
  type Customer,
  type CustomerList,
  type ModuleView,
  type NotificationList,
  type NotificationReadMarks,
  type NotificationReads,
  type PlatformNotices,
  type PublicConfig,
  type SiteGroupList,
  type UserManifest,
} from '@platform/schemas';
import { Amplify } from 'aws-amplify';
import { vi } from 'vitest';

/** Who the identity provider says is signed in, as the ID token's claims carry it. */
export interface TestUser {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  role: string | null;
  customerId: string | null;
  /** The custom:meta object the pool holds for the user; none when left out. */
  meta?: Record<string, unknown>;
}

/** One request the app sent, as the fake service saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The JSON the app sent, parsed; undefined without a body. */
  body: unknown;
}

interface FakePlatformOptions {
  /** Signed out when left out. */
  user?: TestUser;
  /**
   * The test's own answers, asked first: a body (answered 200), a Response (`problem(…)` for a
   * refusal), or undefined for what the fake answers by itself. For the endpoints a screen alone uses.
   */
  serve?: (request: SeenRequest) => unknown;
  /** The customers staff may act for; the list answers a page of them, searched as the service searches. */
  customers?: { id: string; name: string }[];
  /** Site groups by customer id. */
  siteGroups?: Record<string, SiteGroupList['siteGroups']>;
  /** Notifications by customer id. */
  notifications?: Record<string, NotificationList['notifications']>;
  /** The ids the user has read, as the service keeps them; PUT /api/v1/notifications/read adds to this very array. */
  readNotifications?: string[];
  /** The user must use MFA and has none yet: the service answers the profile-only manifest and refuses the rest (403). */
  mfaPending?: boolean;
  /** The service cannot read the user's auth claim: every signed-in path answers 403 CFG_ERR_ACCOUNT_MISCONFIGURED. */
  misconfigured?: boolean;
  /** The manifest answers this error status, every time (a service that keeps failing, or keeps refusing). */
  manifestStatus?: number;
  /** The user pool's password rules, as the service serves them; unknown (null) when left out. */
  passwordPolicy?: PublicConfig['auth']['passwordPolicy'];
  /** Modules the user may not open, as the manifest lists them; none when left out. */
  unavailable?: UserManifest['unavailable'];
  /** The modules the manifest gives the user; two without routes when left out. */
  modules?: ModuleView[];
}

const ORIGIN = 'http://localhost';
const MAIN_API = '/api/main';

/** A page of customers as the service answers it: a part of the id or name, or the ids named, in name order; the cursor is an offset here. */
function customerPage(customers: { id: string; name: string }[], params: URLSearchParams): CustomerList {
  const query = (params.get('query') ?? '').toLowerCase();
  const limit = Number(params.get('limit') ?? 50);
  const start = Number(params.get('cursor') ?? 0);
  const ids = params.get('ids')?.split(',');
  const found = customers
    .filter((c) => (c.id.includes(query) || c.name.toLowerCase().includes(query)) && (!ids || ids.includes(c.id)))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const page = found.slice(start, start + limit).map((c) => ({ ...c, modulesOn: 0, modulesTotal: 0 }));
  return { customers: page, nextCursor: start + limit < found.length ? String(start + limit) : null };
}

/** A module with no routes: the chrome only needs its name and address. */
function moduleView(key: string, name: string, baseUrl: string): ModuleView {
  return { key, name, baseUrl, breadcrumbs: false, landingPath: baseUrl, routes: [] };
}

/** Every backend a deployment may name, none configured: tests name the ones they use. */
export const NO_BACKENDS = Object.fromEntries(BACKENDS.map((name) => [name, null])) as PublicConfig['backends'];

/** The public configuration the fake service answers with: a shell without routes, the main API only. */
export const TEST_CONFIG: PublicConfig = {
  environment: 'local',
  productName: 'AssetTwin',
  version: 'test',
  auth: {
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_test',
    userPoolClientId: 'test',
    userPoolEndpoint: null,
    authFlowType: 'USER_SRP_AUTH',
    oauth: null,
    passwordPolicy: null,
  },
  shell: moduleView('shell', 'Shell', '/'),
  backends: { ...NO_BACKENDS, main: MAIN_API },
  backendRegions: Object.fromEntries(Object.keys(NO_BACKENDS).map((name) => [name, 'eu-west-1'])) as PublicConfig['backendRegions'],
  messaging: false,
  moduleSdkVersion: '1.0.0',
};

const TEST_MODULES = [moduleView('am', 'Asset management', '/asset-management'), moduleView('hs', 'Asset life', '/asset-life')];

function json(body: unknown, status = 200): Response {
  const type = status < 400 ? 'application/json' : 'application/problem+json';
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
}

/** A refusal as the service answers it (RFC 9457), with any extensions (`current`, `problems`). */
export function problem(status: number, code: string, detail: string, extensions: Record<string, unknown> = {}): Response {
  return json({ type: `https://asset-platform.example/problems/${code}`, title: code, status, code, detail, ...extensions }, status);
}

/** The tokens Amplify would hold for `user`; the app reads only the ID token's claims and text. */
function tokensFor(user: TestUser) {
  const token = {
    toString: () => `test-token-${user.sub}`,
    payload: {
      sub: user.sub,
      email: user.email,
      given_name: user.givenName,
      family_name: user.familyName,
      'custom:auth': JSON.stringify({ role: user.role, customerId: user.customerId }),
    },
  };
  return { idToken: token, accessToken: token };
}

/**
 * Stands in for the identity provider and the platform's services, at the two boundaries the app
 * talks through: Amplify's token provider and `fetch`. The hooks and query factories under test stay
 * real, so a test breaks when what the user sees breaks, not when the data layer is rearranged.
 * The manifest honours X-Customer-Id by the service's own rule, so a staff user's switch shows up.
 */
export function fakePlatform({
  user,
  serve,
  customers = [],
  siteGroups = {},
  notifications = {},
  readNotifications = [],
  mfaPending = false,
  misconfigured = false,
  manifestStatus,
  passwordPolicy = null,
  modules = TEST_MODULES,
  unavailable = [],
}: FakePlatformOptions = {}) {
  const requests: SeenRequest[] = [];
  const tokens = user ? tokensFor(user) : null;
  Amplify.configure({}, { Auth: { tokenProvider: { getTokens: async () => tokens } } });

  const answer = (request: SeenRequest, signal: AbortSignal | null | undefined): Response => {
    const own = serve?.(request);
    if (own !== undefined) return own instanceof Response ? own : json(own);
    const path = request.url.pathname;
    if (path === '/api/v1/config') return json({ ...TEST_CONFIG, auth: { ...TEST_CONFIG.auth, passwordPolicy } });
    if (path === '/api/v1/events') {
      // The live-update stream stays open and silent, as it does while nothing changes.
      const body = new ReadableStream({ start: (controller) => signal?.addEventListener('abort', () => controller.close()) });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }
    if (!user) return json({ title: 'Unauthorized', status: 401 }, 401);
    if (misconfigured) {
      const detail = "your account's authorisation (custom:auth) cannot be used: /modules must be array,null; ask your administrator to correct it";
      return json({ title: 'Account misconfigured', status: 403, code: 'CFG_ERR_ACCOUNT_MISCONFIGURED', detail }, 403);
    }
    if (manifestStatus && path === '/api/v1/manifest')
      return json({ title: 'Service Unavailable', status: manifestStatus, code: 'CFG_ERR_INTERNAL' }, manifestStatus);
    if (mfaPending && path !== '/api/v1/manifest')
      return json({ title: 'Multi-factor authentication required', status: 403, code: 'CFG_ERR_MFA_REQUIRED' }, 403);
    if (path === '/api/v1/manifest') {
      const chosen = request.headers.get('x-customer-id');
      const customerId = customerInContext(user.role === null ? null : { role: user.role, customerId: user.customerId }, chosen);
      const manifest: UserManifest = {
        version: 'test',
        environment: 'local',
        customerId: mfaPending ? null : customerId,
        landing: mfaPending ? { module: 'shell', path: '/profile' } : { module: 'dash', path: '/' },
        requireMFA: mfaPending,
        mfaPending,
        user: { sub: user.sub, role: user.role, givenName: user.givenName, familyName: user.familyName, email: user.email, meta: user.meta ?? {} },
        shell: TEST_CONFIG.shell,
        dash: mfaPending ? { ...moduleView('dash', 'Dashboard', '/'), routes: [] } : moduleView('dash', 'Dashboard', '/'),
        modules: mfaPending ? [] : modules,
        unavailable: mfaPending ? modules.map((m) => ({ key: m.key, name: m.name, baseUrl: m.baseUrl })) : unavailable,
      };
      return json(manifest);
    }
    if (path === '/api/v1/notifications/read') {
      if (request.method !== 'PUT') return json({ ids: [...readNotifications].reverse() } satisfies NotificationReads);
      for (const id of (request.body as NotificationReadMarks).ids) if (!readNotifications.includes(id)) readNotifications.push(id);
      return new Response(null, { status: 204 });
    }
    // Staff's platform notices (decision 0094): none unless a test serves some.
    if (path === '/api/v1/admin/notices') return json({ notices: [] } satisfies PlatformNotices);
    if (path === '/api/v1/customers') return json(customerPage(customers, request.url.searchParams));
    const one = /^\/api\/v1\/customers\/([^/]+)$/.exec(path);
    const customer = one && customers.find((c) => c.id === decodeURIComponent(one[1] ?? ''));
    if (customer) return json({ ...customer, version: 1, modules: [] } satisfies Customer);
    const groups = new RegExp(`^${MAIN_API}/customers/([^/]+)/sitegroups$`).exec(path);
    if (groups) return json({ siteGroups: siteGroups[decodeURIComponent(groups[1] ?? '')] ?? [] } satisfies SiteGroupList);
    const news = new RegExp(`^${MAIN_API}/customers/([^/]+)/notifications$`).exec(path);
    if (news) return json({ notifications: notifications[decodeURIComponent(news[1] ?? '')] ?? [] } satisfies NotificationList);
    return json({ title: 'Not Found', status: 404 }, 404);
  };

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), ORIGIN);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: SeenRequest = { method: init?.method ?? 'GET', url, headers: new Headers(init?.headers), body };
    requests.push(request);
    return answer(request, init?.signal);
  });

  return {
    /** Every request the app has sent so far, oldest first. */
    requests,
    /** The requests the app has sent to one path so far, oldest first. */
    requestsTo: (path: string) => requests.filter((r) => r.url.pathname === path),
  };
}
