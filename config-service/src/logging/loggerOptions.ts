import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { localOnlyPackage } from '../localOnlyPackage.ts';
import { AccessLog, REQUEST_ID_LABEL, requestLogger } from './accessLog.ts';

/** Query parameters that carry a credential (OAuth codes, tokens): their values never reach a log. */
const SECRET_QUERY = /^(code|token|id_token|access_token|refresh_token|password|client_secret|signature|sig|state)$/i;

/**
 * Everything that may carry a credential, wherever it appears in a logged object: pino removes it
 * before the line is written. Fastify logs no headers or bodies itself; this keeps it so for code
 * that logs a request, an error's cause or a client's answer.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-amz-security-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.PASSWORD',
  '*.newPassword',
  '*.token',
  '*.idToken',
  '*.IdToken',
  '*.accessToken',
  '*.AccessToken',
  '*.refreshToken',
  '*.RefreshToken',
  '*.secret',
  '*.signingKey',
  '*.authorization',
  'AuthParameters.PASSWORD',
  '*.AuthParameters.PASSWORD',
];

/** An address fit for a log line: the values of credential-bearing query parameters replaced. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A name that is not valid percent-encoding is logged as it came.
      }
      return SECRET_QUERY.test(decoded) && pair.includes('=') ? `${name}=[Redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/**
 * A PostgreSQL connection string fit for a log line: scheme, host, port and database. The user
 * information and the parameters are left out whole rather than picked apart: a password can sit in
 * either (`user:password@`, `?password=`), and may hold the very characters a pattern would stop at.
 */
export function loggableDatabaseUrl(url: string): string {
  try {
    const { protocol, host, pathname } = new URL(url);
    return `${protocol}//${host}${pathname}`;
  } catch {
    return '(an address that is not a URL)';
  }
}

/** A request id a caller sent that is fit to log and echo; anything else is replaced by our own. */
const USABLE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * Fastify's options for request ids and request lines: the caller's X-Request-Id when usable, else a
 * fresh UUID, on every line of the request; one access line per request (accessLog.ts).
 */
export const requestIdOptions = {
  // Read by genReqId itself, so an unusable value is replaced rather than trusted.
  requestIdHeader: false,
  logController: new AccessLog({ requestIdLogLabel: REQUEST_ID_LABEL }),
  childLoggerFactory: requestLogger,
  genReqId: (request: IncomingMessage) => {
    const sent = request.headers['x-request-id'];
    return typeof sent === 'string' && USABLE_REQUEST_ID.test(sent) ? sent : randomUUID();
  },
} satisfies Partial<FastifyServerOptions>;

export interface LoggingSettings {
  level: string;
  /** Human-readable lines (npm start); otherwise one JSON object a line. */
  pretty: boolean;
  /** Where lines go instead of standard output (tests). */
  stream?: { write(line: string): void };
}

/** Buffered JSON lines reach standard output at least this often, however quiet the service. */
export const LOG_FLUSH_MS = 1_000;
/** ... or as soon as this many bytes wait. */
const LOG_BATCH_BYTES = 4_096;

/**
 * Standard output for JSON lines, written in batches instead of one write(2) a line. In a CPU profile
 * of a bare route under load, the synchronous write of each access line was about 20 µs a request,
 * more than formatting the line and answering the request together. Lines wait at most LOG_FLUSH_MS;
 * pino writes what waits when the process exits, crashes included. A SIGKILL loses at most that second.
 */
const batchedStandardOutput = () => pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });

/**
 * The service's logger: pino, JSON or pretty, with credentials redacted and URLs cleaned. Pretty lines
 * need pino-pretty, a development dependency: where it is not installed, the lines are JSON.
 */
export function loggerOptions(settings: LoggingSettings): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const prettyPrinter = settings.pretty && !settings.stream ? localOnlyPackage('pino-pretty') : undefined;
  return {
    level: settings.level,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: {
      req: (request: { method: string; url: string; hostname?: string; ip?: string; id?: string }) => ({
        method: request.method,
        url: loggableUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
    },
    ...(settings.pretty && !settings.stream && prettyPrinter
      ? // Resolved here: pino would otherwise look from its own folder and may find another copy.
        { transport: { target: prettyPrinter, options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
    ...(settings.stream ? { stream: settings.stream } : prettyPrinter ? {} : { stream: batchedStandardOutput() }),
  };
}

/**
 * The service's logger itself, made from loggerOptions as Fastify would make it (the stream, when one is
 * named, is the destination), so the services built before the app write to the logger the app then uses.
 */
export function createLogger(settings: LoggingSettings): pino.Logger {
  const options = loggerOptions(settings) as pino.LoggerOptions & { stream?: pino.DestinationStream };
  return pino(options, options.stream);
}
