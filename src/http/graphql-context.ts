/**
 * The GraphQL context both transports build (POST/GET through Apollo, subscriptions through
 * graphql-ws) and resolvers read: the HTTP request for its Authorization header, the client address
 * per-client limits count, and on a WebSocket a way to end the connection.
 */
export type ConnectionEnd = 'dropped' | 'shutdown';

export interface GraphqlContext {
  req?: { headers?: Record<string, string | string[] | undefined> };
  /** The client's address, as `request.ip` is for REST (X-Forwarded-For only from trusted proxies). */
  clientAddress?: string;
  /** Only on a WebSocket: ends the whole connection (a reader too slow, or the server stopping). */
  endConnection?: (why: ConnectionEnd) => void;
}
