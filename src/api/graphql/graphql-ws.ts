/**
 * GraphQL subscriptions over WebSocket (the graphql-transport-ws protocol of graphql-ws) at /graphql,
 * on the very HTTP server Fastify listens with: Apollo's Fastify integration serves no subscriptions.
 * graphql-ws's protocol engine (`makeServer`) runs over `ws` sockets we accept ourselves on the
 * server's `upgrade` event, so the rules of every other route still hold before a socket exists (rate
 * limit, allowed origins, shutdown) and the client address is the one REST counts. The schema is the
 * one Nest built for Apollo, so resolvers, filters and interceptors are the same; only subscriptions
 * are served here (queries and mutations keep Apollo's limits and replay budget over HTTP).
 */
import { IncomingMessage, STATUS_CODES, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { CloseCode, Context, handleProtocols, makeServer } from 'graphql-ws';
import {
  DocumentNode,
  ExecutionArgs,
  GraphQLError,
  GraphQLFormattedError,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { WebSocket, WebSocketServer } from 'ws';
import { AppConfig } from '../../config/config';
import { clientAddress, proxyTrust } from '../../http/client-address';
import type { ConnectionEnd, GraphqlContext } from '../../http/graphql-context';
import { PROBLEM_CONTENT_TYPE, ProblemError } from '../../http/problem-error';
import { RateLimiter } from '../../http/rate-limit/rate-limiter';
import { formatGraphqlError, graphqlMaxTokens, validationRules } from './graphql.options';
import { documentTooBig, documentTooBigError } from './document-size';

export const GRAPHQL_WS_PATH = '/graphql';

/** Close codes a client sees when the server ends its connection. */
export const WS_CLOSE = {
  /** The server is stopping: connect again (another instance answers). */
  shutdown: 1001,
  /** The client did not read its events fast enough (STREAM_BUFFER_BYTES). */
  dropped: 4008,
} as const;

/** Messages a client sends are small (a subscribe of one field); anything larger is not one of ours. */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** On shutdown, sockets that have not finished the closing handshake this long after are cut. */
const CLOSE_GRACE_MS = 1_000;

interface Extra {
  socket: WebSocket;
  request: IncomingMessage;
  clientAddress: string;
}

/** Refuses an upgrade with a problem, as a plain HTTP answer on the raw socket. */
function refuse(socket: Duplex, problem: ProblemError): void {
  const body = JSON.stringify(problem.toProblem(GRAPHQL_WS_PATH));
  const retry = problem.retryAfter !== undefined ? `Retry-After: ${problem.retryAfter}\r\n` : '';
  socket.end(
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? problem.title}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${retry}Connection: close\r\n\r\n${body}`,
  );
}

/**
 * With an `upgrade` listener Node hands over every request that asks for any upgrade (`curl --http2`
 * asks for h2c on every URL), where without one it would serve it as a plain request. Those that are
 * not a WebSocket to /graphql are served as plain requests here too: the request is rebuilt (its body
 * read by Content-Length, as the socket no longer has an HTTP parser), answered, and the socket closed.
 */
function serveAsRequest(server: Server, upgrade: IncomingMessage, socket: Duplex, head: Buffer): void {
  if (upgrade.headers['transfer-encoding'] !== undefined) {
    return refuse(
      socket,
      ProblemError.badInput('a request asking for an upgrade must send its body with Content-Length', [
        { code: 'CHUNKED_UPGRADE', message: 'chunked body on a request asking for an upgrade' },
      ]),
    );
  }
  const request = new IncomingMessage(socket as Socket);
  const { method, url, headers, rawHeaders, httpVersion, httpVersionMajor, httpVersionMinor } = upgrade;
  Object.assign(request, { method, url, headers, rawHeaders, httpVersion, httpVersionMajor, httpVersionMinor, complete: true });
  let left = Number(headers['content-length'] ?? 0) || 0;
  const take = (chunk: Buffer): void => {
    const part = chunk.subarray(0, left);
    left -= part.length;
    if (part.length > 0) request.push(part);
    if (left > 0) return;
    socket.off('data', take);
    request.push(null);
  };
  take(head);
  if (left > 0) socket.on('data', take);
  const response = new ServerResponse(request);
  response.shouldKeepAlive = false;
  response.assignSocket(socket as Socket);
  response.once('finish', () => {
    response.detachSocket(socket as Socket);
    socket.end();
  });
  server.emit('request', request, response);
}

function pathOf(url: string | undefined): string {
  const u = url ?? '';
  const q = u.indexOf('?');
  return q < 0 ? u : u.slice(0, q);
}

/** An error as graphql-ws sends it, with the same codes Apollo's answers carry. */
function format(error: GraphQLError, fallbackCode: string): GraphQLFormattedError {
  const json = error.toJSON();
  const code =
    json.extensions?.code ??
    (error.originalError && !(error.originalError instanceof GraphQLError) ? 'INTERNAL_SERVER_ERROR' : fallbackCode);
  return formatGraphqlError({ ...json, extensions: { ...json.extensions, code } }, error);
}

function clientError(message: string, code: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

/**
 * Attaches the WebSocket endpoint to the app's HTTP server. Call before `app.init()` (its shutdown
 * hook must be registered before Fastify is ready); the schema is taken once Nest has built it.
 */
export function installGraphqlWs(app: NestFastifyApplication, config: AppConfig, limiter: RateLimiter): void {
  const fastify = app.getHttpAdapter().getInstance();
  const server: Server = fastify.server;
  const trust = proxyTrust(config.trustProxy);
  const anyOrigin = config.corsOrigins.includes('*');
  // Without this, ws would agree to whatever protocol a client names first, and graphql-ws close it.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: (protocols) => handleProtocols(protocols),
  });
  let stopping = false;

  const schema = () => app.get(GraphQLSchemaHost).schema;
  const rules = validationRules(config);

  const engine = makeServer<Record<string, unknown>, Extra>({
    schema,
    onSubscribe: (ctx: Context<Record<string, unknown>, Extra>, _id, payload): ExecutionArgs | readonly GraphQLError[] => {
      let document: DocumentNode;
      try {
        document = parse(payload.query, { maxTokens: graphqlMaxTokens(config) });
      } catch (e) {
        return [clientError(e instanceof GraphQLError ? e.message : 'the document does not parse', 'GRAPHQL_PARSE_FAILED')];
      }
      const tooBig = documentTooBig(document);
      if (tooBig !== null) return [documentTooBigError(tooBig)];
      const errors = validate(schema(), document, [...specifiedRules, ...rules]);
      if (errors.length > 0) return errors;
      const operation = getOperationAST(document, payload.operationName);
      if (!operation) return [clientError('name the operation to run (operationName)', 'BAD_REQUEST')];
      if (operation.operation !== 'subscription') {
        return [clientError('only subscriptions are served over WebSocket: send queries and mutations with POST /graphql', 'BAD_REQUEST')];
      }
      const { socket, request } = ctx.extra;
      const context: GraphqlContext = {
        req: request,
        clientAddress: ctx.extra.clientAddress,
        endConnection: (why: ConnectionEnd) => socket.close(WS_CLOSE[why], why === 'shutdown' ? 'server shutting down' : 'reader too slow'),
      };
      return { schema: schema(), document, operationName: payload.operationName, variableValues: payload.variables, contextValue: context };
    },
    // Refusals before a subscription starts (parse, validation, the operation type).
    onError: (_ctx, _id, _payload, errors) => errors.map((e) => format(e, 'GRAPHQL_VALIDATION_FAILED')),
    // Errors of the resolver (GAME_NOT_FOUND, TOO_MANY_STREAMS…) and of argument coercion.
    onNext: (_ctx, _id, _payload, _args, result) =>
      result.errors ? { ...result, errors: result.errors.map((e) => format(e, 'BAD_USER_INPUT')) } : undefined,
  });

  // graphql-ws pings nobody itself: a socket whose peer has answered none of two pings is cut. Two, so
  // that a pong queued behind a busy moment of this process is not mistaken for a dead peer.
  const unanswered = new WeakMap<WebSocket, number>();
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      const missed = unanswered.get(ws) ?? 0;
      if (missed >= 2) {
        ws.terminate();
        continue;
      }
      unanswered.set(ws, missed + 1);
      ws.ping();
    }
  }, config.streamKeepAliveMs);
  heartbeat.unref();

  const accept = (ws: WebSocket, request: IncomingMessage, address: string): void => {
    ws.on('pong', () => unanswered.set(ws, 0));
    const closed = engine.opened(
      {
        protocol: ws.protocol,
        // Resolves once the frame is handed to the socket: graphql-ws pulls the next event only then.
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (ws.readyState !== WebSocket.OPEN) return resolve();
            ws.send(data, (err) => (err ? reject(err) : resolve()));
          }),
        close: (code, reason) => ws.close(code, reason),
        onMessage: (cb) => {
          ws.on('message', (data: Buffer) => {
            cb(data.toString()).catch(() => ws.close(CloseCode.InternalServerError, 'internal error'));
          });
        },
      },
      { socket: ws, request, clientAddress: address },
    );
    ws.once('close', (code, reason) => void closed(code, reason.toString()));
    ws.on('error', () => undefined);
  };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const websocket = /(^|,)\s*websocket\s*(,|$)/i.test(request.headers.upgrade ?? '');
    if (!websocket || pathOf(request.url) !== GRAPHQL_WS_PATH) return serveAsRequest(server, request, socket, head);
    if (stopping) return refuse(socket, ProblemError.shuttingDown());
    const origin = request.headers.origin;
    if (!anyOrigin && origin !== undefined && !config.corsOrigins.includes(origin)) {
      return refuse(socket, ProblemError.originNotAllowed(origin));
    }
    const address = clientAddress(request, trust);
    const admitted = limiter.enabled ? limiter.admit(address) : Promise.resolve(null);
    admitted.then(
      (a) => {
        if (a && !a.allowed) {
          const seconds = Math.max(1, Math.ceil(a.resetMs / 1000));
          return refuse(socket, ProblemError.rateLimited(`rate limit of ${a.limit} units exceeded; retry in ${seconds} s`, seconds));
        }
        wss.handleUpgrade(request, socket, head, (ws) => accept(ws, request, address));
      },
      () => refuse(socket, ProblemError.internal()),
    );
  });

  fastify.addHook('preClose', async () => {
    stopping = true;
    clearInterval(heartbeat);
    const open = [...wss.clients];
    for (const ws of open) ws.close(WS_CLOSE.shutdown, 'server shutting down');
    await Promise.race([
      Promise.all(open.map((ws) => (ws.readyState === WebSocket.CLOSED ? null : new Promise((r) => ws.once('close', r))))),
      new Promise((r) => setTimeout(r, CLOSE_GRACE_MS)),
    ]);
    for (const ws of wss.clients) ws.terminate();
    wss.close();
  });
}
