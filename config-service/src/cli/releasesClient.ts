// The staff release API as `npm run manifests:publish` calls it: plain fetch, one method a route, and
// every answer that is not the one expected thrown as a ServiceAnswerError carrying the problem.
import {
  releaseEntityTag,
  type ModuleBundle,
  type Problem,
  type PublicConfig,
  type Release,
  type ReleaseFiles,
  type ReleaseList,
  type ReleaseState,
} from '@platform/schemas';

/** A CI job must not hang on a service that accepted the connection and never answers. */
const REQUEST_TIMEOUT_MS = 30_000;

/** The service's problem document; any member may be missing from a proxy's or gateway's error page. */
type ProblemBody = Partial<Problem>;

/** The service answered, but not as asked: the status and what its problem document said. */
export class ServiceAnswerError extends Error {
  constructor(
    readonly what: string,
    readonly status: number,
    readonly problem: ProblemBody,
  ) {
    super(`${what}: ${status} ${problem.detail ?? problem.title ?? 'no detail given'}${problem.code ? ` (${problem.code})` : ''}`);
    this.name = 'ServiceAnswerError';
  }
}

/** The service could not be reached at all (refused, no such host, timed out). */
export class ServiceUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    const reason = (cause as { cause?: { code?: string; message?: string } }).cause;
    super(`cannot reach the service at ${url}: ${reason?.code ?? reason?.message ?? (cause as Error).message}`, { cause });
    this.name = 'ServiceUnreachableError';
  }
}

interface Call {
  method?: 'GET' | 'POST' | 'PUT';
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Sends one request; answers the response when its status is one of `ok`, else throws. */
export async function request(url: string, what: string, call: Call, ok: number[] = [200]): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  // Bytes (a gzipped bundle) go as they are, with the type the caller names; anything else as JSON.
  const raw = Buffer.isBuffer(call.body);
  if (call.body !== undefined && !raw) headers['content-type'] ??= 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method ?? 'GET',
      headers,
      body: call.body === undefined ? undefined : raw ? Uint8Array.from(call.body as Buffer) : JSON.stringify(call.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      // Neither the API nor a user pool redirects; following a 307 would send the body (a password) on.
      redirect: 'error',
    });
  } catch (error) {
    throw new ServiceUnreachableError(url, error);
  }
  if (ok.includes(response.status)) return response;
  throw new ServiceAnswerError(what, response.status, await problemOf(response));
}

/** The most a line of the CLI quotes of an answer that is not a problem document. */
const SHORT_TEXT = 120;

/**
 * A page's gist in one line: an HTML page's title (or first heading) without the status it repeats,
 * else its text without markup, cut short. A proxy's error page is HTML nobody should read in a CI log.
 */
function shortText(text: string): string {
  const heading = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1] ?? /<h1[^>]*>([^<]*)<\/h1>/i.exec(text)?.[1];
  const plain = (heading ?? text.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\d{3}\s+/, '');
  return plain.length > SHORT_TEXT ? `${plain.slice(0, SHORT_TEXT - 1)}…` : plain;
}

async function problemOf(response: Response): Promise<ProblemBody> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object') {
      const problem = body as ProblemBody & { message?: unknown };
      // A gateway's JSON ({"message": "…"}) rather than a problem: its message is the detail.
      if (problem.detail === undefined && problem.title === undefined && typeof problem.message === 'string') return { detail: shortText(problem.message) };
      return problem;
    }
  } catch {
    // Not JSON: a proxy's or gateway's page, said below in a line.
  }
  const type = response.headers.get('content-type')?.split(';')[0] || 'no content type';
  return { detail: `${shortText(text) || response.statusText || 'no text'} (${type}, not the service's problem: from a proxy or gateway in front of it?)` };
}

/** The staff release routes of one service, signed in with one ID token. */
export class ReleasesClient {
  constructor(
    readonly base: string,
    private readonly token: string,
  ) {}

  private url(path: string): string {
    return new URL(path, this.base).href;
  }

  /** The active release, the pilot and the newest release (a page of one: only the state is wanted). */
  async list(): Promise<ReleaseList> {
    return (await (await request(this.url('/api/v1/admin/releases?limit=1'), 'reading the releases', { token: this.token })).json()) as ReleaseList;
  }

  async get(id: string): Promise<Release> {
    return (await (
      await request(this.url(`/api/v1/admin/releases/${encodeURIComponent(id)}`), `reading release ${id}`, { token: this.token })
    ).json()) as Release;
  }

  /** Stores the files as a release (201), or finds them already stored (200); activates nothing. */
  async publish(files: ReleaseFiles, reason: string): Promise<{ release: Release; created: boolean }> {
    const response = await request(
      this.url('/api/v1/admin/releases'),
      'publishing the release',
      { method: 'POST', token: this.token, body: { files, reason } },
      [200, 201],
    );
    return { release: (await response.json()) as Release, created: response.status === 201 };
  }

  /** Makes `release` active, provided the active one is still `expectedActive` (If-Match). */
  async activate(release: string, reason: string, expectedActive: string): Promise<ReleaseState> {
    const response = await request(this.url('/api/v1/admin/releases/active'), 'activating the release', {
      method: 'PUT',
      token: this.token,
      headers: { 'if-match': releaseEntityTag(expectedActive) },
      body: { release, reason },
    });
    return (await response.json()) as ReleaseState;
  }

  /** Uploads a module bundle as a gzipped tar (201), or finds the same files already that version (200); other files there are 409. */
  async uploadBundle(module: string, version: string, gzipped: Buffer): Promise<{ bundle: ModuleBundle; created: boolean }> {
    const response = await request(
      this.url(`/api/v1/admin/modules/${encodeURIComponent(module)}/bundles/${encodeURIComponent(version)}`),
      `uploading the ${module} bundle ${version}`,
      { method: 'PUT', token: this.token, headers: { 'content-type': 'application/gzip' }, body: gzipped },
      [200, 201],
    );
    return { bundle: (await response.json()) as ModuleBundle, created: response.status === 201 };
  }

  /** Serves `release` to `customers` first, provided the active one is still `expectedActive` (If-Match). */
  async pilot(release: string, customers: string[], reason: string, expectedActive: string): Promise<ReleaseState> {
    const response = await request(this.url('/api/v1/admin/releases/pilot'), 'starting the pilot', {
      method: 'PUT',
      token: this.token,
      headers: { 'if-match': releaseEntityTag(expectedActive) },
      body: { release, customers, reason },
    });
    return (await response.json()) as ReleaseState;
  }
}

/** GET /api/v1/config: what the service tells anyone before sign-in (its environment and identity provider). */
export async function publicConfig(base: string): Promise<PublicConfig> {
  return (await (await request(new URL('/api/v1/config', base).href, 'reading the public configuration', {})).json()) as PublicConfig;
}
