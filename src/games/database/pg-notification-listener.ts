/**
 * A dedicated PostgreSQL connection that LISTENs on one channel, outside the pool: a pooled connection
 * is handed to other work and would lose its LISTEN. The connection is watched (TCP keep-alive and a
 * ping, so a server that vanished without closing the socket is noticed too) and replaced after any
 * loss, with a growing pause between attempts. Notifications sent while it was away are not replayed by
 * PostgreSQL, so every new LISTEN is reported through `ready`: the caller then reads what it missed.
 */
import { Logger } from '@nestjs/common';
import { Client } from 'pg';

export interface NotificationHandlers {
  /** One notification's payload. */
  notify(payload: string): void;
  /** Listening has (re)started: anything sent before this may have been missed. */
  ready(): void;
}

/** The application_name of the listening connection, as pg_stat_activity shows it. */
export const LISTENER_APPLICATION_NAME = 'tafl-events-listener';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 4_000;
/** A listening connection is idle by design; this often it is asked to answer, within PING_TIMEOUT_MS. */
const PING_EVERY_MS = 10_000;
const PING_TIMEOUT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 3_000;

export class PgNotificationListener {
  private readonly logger = new Logger('EventsListener');
  private client: Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private ping: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = false;
  /** Whether a LISTEN is in place now. */
  listening = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly handlers: NotificationHandlers,
  ) {}

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.drop(this.client);
  }

  private async connect(): Promise<void> {
    this.retry = null;
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.url,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Bounds the ping (and the LISTEN): a frozen server fails it instead of leaving it waiting for ever.
      query_timeout: PING_TIMEOUT_MS,
      application_name: LISTENER_APPLICATION_NAME,
    });
    this.client = client;
    client.on('notification', (n) => {
      if (n.channel === this.channel && n.payload !== undefined) this.handlers.notify(n.payload);
    });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (e) {
      this.lost(client, e);
      return;
    }
    if (this.client !== client) return;
    this.listening = true;
    if (this.failures > 0) this.logger.log(`listening on ${this.channel} again after ${this.failures} failed attempt(s)`);
    this.failures = 0;
    this.ping = setInterval(() => {
      client.query('SELECT 1').catch((e: unknown) => this.lost(client, e));
    }, PING_EVERY_MS);
    this.handlers.ready();
  }

  /** The current connection failed: close it and, unless stopping, try again after a pause. */
  private lost(client: Client, e: unknown): void {
    if (this.client !== client) return;
    this.drop(client);
    if (this.stopped) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures);
    this.failures += 1;
    this.logger.warn(`listening connection lost (${e instanceof Error ? e.message : String(e)}); reconnecting in ${delay} ms`);
    this.retry = setTimeout(() => void this.connect(), delay);
  }

  private drop(client: Client | null): void {
    if (!client || this.client !== client) return;
    this.client = null;
    this.listening = false;
    if (this.ping) clearInterval(this.ping);
    this.ping = null;
    client.removeAllListeners('notification');
    // A late error of the closed connection must still have a listener, or it would crash the process.
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
  }
}
