import type { Socket } from 'node:net';
import { errorCatalogue, type ErrorCode } from '../errors.ts';
import { PROBLEM_TYPE_BASE } from './problem.ts';

/** Node's parser errors with an answer of their own; any other is a malformed request. */
const ANSWERS: Record<string, { code: ErrorCode; detail: string }> = {
  // Node's limit (16 KB) covers the request line and the headers together, so an over-long URL lands
  // here as well: Node has no 414 of its own.
  HPE_HEADER_OVERFLOW: { code: 'CFG_ERR_HEADERS_TOO_LARGE', detail: 'the request line and headers exceed 16 KB' },
  HPE_URI_OVERFLOW: { code: 'CFG_ERR_HEADERS_TOO_LARGE', detail: 'the request line exceeds 16 KB' },
};

/**
 * Fastify's clientErrorHandler: answers what Node's HTTP parser refuses, before any route or hook
 * runs, with problem+json like every other error instead of Fastify's own JSON shape. A reset
 * connection gets nothing, and a timed-out one (a client dribbling its headers) is simply closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const { code, detail } = ANSWERS[error.code ?? ''] ?? { code: 'CFG_ERR_BAD_REQUEST' as const, detail: 'the request is not valid HTTP' };
  const { status, title } = errorCatalogue[code];
  // No instance: the path is what could not be read.
  const body = JSON.stringify({ type: `${PROBLEM_TYPE_BASE}${code}`, title, status, detail, code });
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
