/**
 * What happens on a connection before there is a request to answer: Node's own refusals (a malformed
 * request line, headers too large, a request not received in time) and the cap on connections one
 * address may hold open. Node and Fastify answer those with their own JSON; ours are problems like every
 * other answer.
 */
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { PROBLEM_CONTENT_TYPE, ProblemError } from './problem-error';

/** Node's codes for the ways a client can fail before a request exists, and the problem each becomes. */
function problemFor(error: Error & { code?: string }, requestTimeoutMs: number): ProblemError {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ProblemError({
        code: 'REQUEST_TIMEOUT',
        detail: `the whole request (headers and body) must arrive within ${requestTimeoutMs} ms`,
      });
    case 'HPE_HEADER_OVERFLOW':
      return new ProblemError({
        code: 'BAD_USER_INPUT',
        status: 431,
        detail: 'the request headers are too large',
        errors: [{ code: 'HEADERS_TOO_LARGE', message: 'the request headers exceed the size the server accepts' }],
      });
    default:
      return new ProblemError({
        code: 'BAD_USER_INPUT',
        detail: 'the request is not well-formed HTTP',
        errors: [{ code: error.code ?? 'BAD_REQUEST', message: 'the request could not be parsed' }],
      });
  }
}

/** Fastify's `clientErrorHandler`: answers once, only if nothing was written yet, then closes. */
export function clientErrorHandler(requestTimeoutMs: number): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable && socket.bytesWritten === 0) {
      const problem = problemFor(error, requestTimeoutMs);
      const body = JSON.stringify(problem.toProblem());
      socket.write(
        `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? problem.title}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

/**
 * Caps the connections one remote address holds, so a client opening sockets and feeding them slowly
 * cannot take the whole `maxConnections` from everyone else. Counted at accept, before any byte is read.
 */
export function capConnectionsPerClient(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
