import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { customerInContext, isCustomerId } from '@platform/schemas';
import type { VerifiedUser } from '../claims/verifiedUser.ts';

/** Fastify's logger type leaves out what pino, the logger it is given, has. */
type PinoLogger = Omit<FastifyBaseLogger, 'child'> & {
  isLevelEnabled(level: string): boolean;
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): PinoLogger;
};

/** The label of the request id on every line of a request. */
export const REQUEST_ID_LABEL = 'requestId';

/**
 * The access lines' own logger, one per service logger: the same stream, level and serializers, without
 * the redaction paths. An access line holds only fields built for it (the `req` serializer's method,
 * cleaned path, host and address; the status; the time; the id), and redaction was the largest part of
 * what a line cost (BENCHMARKS.md, the endpoint's cost breakdown).
 */
const accessLoggers = new WeakMap<FastifyBaseLogger, PinoLogger | null>();
function accessLoggerOf(logger: FastifyBaseLogger): PinoLogger | null {
  let access = accessLoggers.get(logger);
  if (access === undefined) {
    access = isPino(logger) ? logger.child({}, { redact: [] }) : null;
    accessLoggers.set(logger, access);
  }
  return access;
}

/** Without a logger (`logger: false`, the tests' apps) Fastify gives a no-op one, which writes nothing. */
function isPino(logger: unknown): logger is PinoLogger {
  return typeof (logger as Partial<PinoLogger>).isLevelEnabled === 'function';
}

/** Who made the request, once authentication has run; the access log sees every request, signed in or not. */
const userOf = (request: FastifyRequest): VerifiedUser | null | undefined => (request as FastifyRequest & { verifiedUser?: VerifiedUser | null }).verifiedUser;

/**
 * The customer a signed-in request acted for: staff's X-Customer-Id, anyone else's own. A header that
 * is not a customer id was not in effect (the routes refuse it), and is not copied into the line.
 */
function actingCustomer(request: FastifyRequest): string | undefined {
  const auth = userOf(request)?.auth;
  if (!auth) return undefined;
  const header = request.headers['x-customer-id'];
  const customer = customerInContext(auth, typeof header === 'string' ? header : undefined);
  return customer !== null && isCustomerId(customer) ? customer : undefined;
}

/**
 * One access line per request, written once the answer is sent: method, path (credentials removed by
 * the `req` serializer), host, client address, status and time, under the request's id; for a signed-in
 * request also who (`sub`) and for which customer (`customerId`), so an action can be traced to a user
 * without the token. Fastify's own
 * request logging writes two lines (one on arrival, one on completion): the first says nothing the
 * second does not. A request its client abandoned before the answer gets a line of its own on close
 * (requestAborted). Errors, streams cut short and Fastify's other lines keep their own lines.
 */
/** The members every access line carries; undefined ones are left out of the line by pino. */
const accessFields = (request: FastifyRequest, reply: FastifyReply) => ({
  [REQUEST_ID_LABEL]: request.id,
  req: request,
  responseTime: reply.elapsedTime,
  sub: userOf(request)?.sub,
  customerId: actingCustomer(request),
});

export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    // Its line is folded into the one requestCompleted writes. That one is written once the answer
    // is sent, which never happens when the client has gone: the response's close says so.
    if (!accessLoggerOf(request.server.log)?.isLevelEnabled('info')) return;
    reply.raw.once('close', () => {
      if (!reply.raw.headersSent) this.requestAborted(request, reply);
    });
  }

  /**
   * The access line of a request whose client went away before any answer was sent (the work it asked
   * for may still run to its end): the same fields, `aborted`, and the time until the client left.
   * An answer already under way (an event stream, a download cut short) is not one.
   */
  requestAborted(request: FastifyRequest, reply: FastifyReply): void {
    accessLoggerOf(request.server.log)?.info({ ...accessFields(request, reply), aborted: true }, 'request aborted');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const access = accessLoggerOf(request.server.log);
    // Nothing is built for a line the level will not write.
    if (!access?.isLevelEnabled('info')) return;
    // Undefined members are left out of the line by pino: an anonymous request costs nothing more.
    access.info({ ...accessFields(request, reply), res: reply }, 'request completed');
  }

  override routeNotFound(): void {
    // The access line says 404 with the method and path.
  }
}

/**
 * Fastify gives every request a child logger carrying its id. Most requests write nothing but their
 * access line, which does not need one: the child is made the first time the request writes a line at
 * a level that is written, so a request that logs nothing else costs no child at all.
 */
export const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (parent, bindings, options) =>
  isPino(parent)
    ? // The level methods, level, silent and child: what Fastify checks a request's logger for.
      (new DeferredChild(parent, bindings, options as Record<string, unknown>) as unknown as FastifyBaseLogger)
    : parent.child(bindings, options);

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

class DeferredChild {
  readonly #parent: PinoLogger;
  readonly #bindings: Record<string, unknown>;
  readonly #options: Record<string, unknown>;
  #made: PinoLogger | undefined;

  constructor(parent: PinoLogger, bindings: Record<string, unknown>, options: Record<string, unknown>) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #child(): PinoLogger {
    // Fastify passes {} when a route sets no log options: pino's quicker path takes none at all.
    return (this.#made ??= Object.keys(this.#options).length ? this.#parent.child(this.#bindings, this.#options) : this.#parent.child(this.#bindings));
  }

  #write(level: Level, args: unknown[]): void {
    if (this.#made || this.#parent.isLevelEnabled(level)) (this.#child()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#made?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#child().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.#made ?? this.#parent).isLevelEnabled(level);
  }
  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>) {
    return this.#child().child(bindings, options);
  }
}
