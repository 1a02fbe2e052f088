/**
 * The stored-games database: PostgreSQL when DATABASE_URL is set, else PGlite in a data directory.
 * The schema comes only from migrations, run at start. The service starts even when the database is
 * down: it keeps retrying, stored-game calls answer 503 meanwhile, and /ready says why.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  DataSource,
  DataSourceOptions,
  EntityManager,
  QueryRunnerAlreadyReleasedError,
  QueryRunnerProviderAlreadyReleasedError,
} from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Pool } from 'pg';
import { AlwaysListeningClient } from './always-listening-client';
import { PGliteDriver, getPGliteInstance } from 'typeorm-pglite';
import { MIGRATIONS } from '../../../migrations';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ReadinessService } from '../../http/readiness.service';
import { GameEntity } from '../entities/game.entity';
import { MoveEntity } from '../entities/move.entity';
import { ProblemError } from '../../http/problem-error';
import { lockDirectory } from './directory-lock';
import { Mutex } from './mutex';
import { NotificationHandlers, PgNotificationListener } from './pg-notification-listener';

const RETRY_MS = 2000;
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** Statement timeout, cancelled query, and the pool's own timeouts: the database is too slow to serve. */
const TIMEOUT_CODES = new Set(['57014', '55P03']);

/** Whether an error means the database cannot serve now (a 503), as opposed to a bug (a 500). */
export function isConnectionError(e: unknown): boolean {
  // TypeORM's answers to any query on a connection the server has just dropped: the first from its
  // entity methods, the second from raw queries (the event log's append).
  if (e instanceof QueryRunnerAlreadyReleasedError || e instanceof QueryRunnerProviderAlreadyReleasedError) return true;
  const err = e as { code?: string; message?: string; driverError?: { code?: string; message?: string } };
  for (const x of [err, err?.driverError]) {
    if (x?.code && (CONNECTION_ERROR_CODES.has(x.code) || TIMEOUT_CODES.has(x.code))) return true;
    if (
      /connection terminated|ECONNREFUSED|ECONNRESET|timeout exceeded when trying to connect|not queryable|Query read timeout|Connection is closed|terminating connection/i.test(
        x?.message ?? '',
      )
    )
      return true;
  }
  return false;
}

/** How long a statement may run, and a request wait for a pooled connection, before it answers 503. */
export const STATEMENT_TIMEOUT_MS = 5_000;
export const ACQUIRE_TIMEOUT_MS = 3_000;

@Injectable()
export class DatabaseService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private ds: DataSource | null = null;
  private connecting: Promise<void> | null = null;
  /** Whether a connection attempt has failed yet: before that, /ready says `connecting`. */
  private failedOnce = false;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  private releaseDirectory: (() => void) | null = null;
  /** PGlite is one connection: transactions must not interleave on it, so they queue. */
  private readonly lane = new Mutex();
  readonly embedded: boolean;
  private readonly listenRequests: { channel: string; handlers: NotificationHandlers }[] = [];
  private readonly pgListeners: PgNotificationListener[] = [];
  private started = false;
  /** Told each time a connection is made (and migrated) or given up at shutdown. */
  private readonly connectionListeners: ((connected: boolean) => void)[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly readiness: ReadinessService,
  ) {
    this.embedded = !config.databaseUrl;
  }

  /** `listener(true)` once the database is connected and migrated; `listener(false)` when it is closed. */
  onConnection(listener: (connected: boolean) => void): void {
    this.connectionListeners.push(listener);
  }

  async onApplicationBootstrap(): Promise<void> {
    // Without a database (tools that only build the app) readiness has nothing to wait for.
    if (!this.config.connectDatabase) {
      this.closed = true;
      return;
    }
    this.started = true;
    for (const r of this.listenRequests) this.startListening(r.channel, r.handlers);
    this.readiness.register('database', () => this.check());
    // The embedded directory is claimed at once, so a second process fails at start, not later.
    if (this.embedded) this.releaseDirectory = this.claimDirectory();
    // Connecting runs in the background: with PostgreSQL the stateless API answers at once, stored-game
    // routes answer 503 until the database is ready, and /ready says so. PGlite opens on this thread
    // (WebAssembly, seconds for a fresh directory), so main.ts waits for it before listening
    // (firstConnection) rather than let every request wait behind it.
    this.firstAttempt = this.connect();
  }

  private firstAttempt: Promise<void> = Promise.resolve();

  /** Settles once the first attempt to connect (and migrate) has succeeded or failed. */
  firstConnection(): Promise<void> {
    return this.firstAttempt;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    for (const l of this.connectionListeners) l(false);
    if (this.retry) clearTimeout(this.retry);
    await Promise.all(this.pgListeners.map((l) => l.stop()));
    await this.connecting?.catch(() => undefined);
    if (this.ds?.isInitialized) await this.ds.destroy().catch(() => undefined);
    this.releaseDirectory?.();
  }

  /**
   * The exclusive claim on PGLITE_DIR. Another live owner stops the start; a directory that cannot be
   * made at all (a file in the way) is left to connect(), which reports it and keeps retrying.
   */
  private claimDirectory(): (() => void) | null {
    const dir = resolve(this.config.pgliteDir);
    try {
      mkdirSync(dir, { recursive: true });
    } catch {
      return null;
    }
    return lockDirectory(dir);
  }

  private options(): DataSourceOptions {
    const common = {
      type: 'postgres' as const,
      entities: [GameEntity, MoveEntity],
      migrations: MIGRATIONS,
      migrationsTableName: 'typeorm_migrations',
      synchronize: false,
      logging: false,
    };
    if (this.config.databaseUrl) {
      return {
        ...common,
        url: this.config.databaseUrl,
        connectTimeoutMS: ACQUIRE_TIMEOUT_MS,
        // A frozen or overloaded server must not hold requests: statements and pool waits time out (503).
        extra: {
          Client: AlwaysListeningClient,
          max: 10,
          connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS,
          statement_timeout: STATEMENT_TIMEOUT_MS,
          query_timeout: STATEMENT_TIMEOUT_MS + 1_000,
        },
      };
    }
    const dataDir = resolve(this.config.pgliteDir);
    mkdirSync(dataDir, { recursive: true });
    return { ...common, driver: new PGliteDriver({ dataDir }).driver };
  }

  /** One attempt to connect and migrate; on failure, schedule the next. */
  private connect(): Promise<void> {
    if (this.ds || this.closed) return Promise.resolve();
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      let ds: DataSource | null = null;
      try {
        ds = new DataSource(this.options());
        await ds.initialize();
        const ran = await ds.runMigrations({ transaction: 'each' });
        if (this.embedded) for (const r of this.listenRequests) await this.listenEmbedded(r.channel, r.handlers);
        this.ds = ds;
        for (const l of this.connectionListeners) l(true);
        this.logger.log(
          `connected to ${this.embedded ? `PGlite in ${resolve(this.config.pgliteDir)}` : 'PostgreSQL'}; migrations applied: ${ran.length}`,
        );
      } catch (e) {
        this.failedOnce = true;
        this.logger.warn(`database unavailable (${e instanceof Error ? e.message : String(e)}); retrying in ${RETRY_MS / 1000} s`);
        if (ds?.isInitialized) await ds.destroy().catch(() => undefined);
        if (!this.closed) this.retry = setTimeout(() => void this.connect(), RETRY_MS);
      } finally {
        this.connecting = null;
      }
    })();
    return this.connecting;
  }

  /**
   * Delivers the notifications of `channel` to `handlers`, and calls `handlers.ready()` each time
   * listening starts (after a reconnect too): what was sent before it must be read from the tables.
   * PostgreSQL listens on a dedicated connection of its own; PGlite, one connection for everything,
   * listens on it once connected.
   */
  listen(channel: string, handlers: NotificationHandlers): void {
    this.listenRequests.push({ channel, handlers });
    if (this.started) this.startListening(channel, handlers);
  }

  /** Whether every LISTEN is in place now (false while a listening connection reconnects). */
  get listening(): boolean {
    return this.embedded ? this.ds !== null : this.pgListeners.every((l) => l.listening);
  }

  private startListening(channel: string, handlers: NotificationHandlers): void {
    if (this.embedded) {
      const ds = this.ds;
      if (ds) void this.listenEmbedded(channel, handlers);
      return;
    }
    const listener = new PgNotificationListener(this.config.databaseUrl!, channel, handlers);
    this.pgListeners.push(listener);
    listener.start();
  }

  private async listenEmbedded(channel: string, handlers: NotificationHandlers): Promise<void> {
    const pglite = await getPGliteInstance();
    // In the lane: a LISTEN issued inside another caller's transaction would share its fate.
    await this.lane.run(() => pglite.listen(channel, (payload) => handlers.notify(payload)));
    handlers.ready();
  }

  /** For /ready: a word, never the cause (it names hosts and ports); the cause goes to the logs. */
  async check(): Promise<string> {
    if (!this.ds) return this.failedOnce ? 'unavailable' : 'connecting';
    try {
      const ds = this.ds;
      await (this.embedded ? this.lane.run(() => ds.query('SELECT 1')) : ds.query('SELECT 1'));
      return 'ok';
    } catch (e) {
      this.logger.warn(`readiness check failed: ${e instanceof Error ? e.message : String(e)}`);
      return 'unavailable';
    }
  }

  private source(): DataSource {
    if (!this.ds) {
      void this.connect();
      throw ProblemError.databaseUnavailable();
    }
    return this.ds;
  }

  /** Runs `fn` in one transaction; connection failures become 503. */
  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    const ds = this.source();
    return this.guard(() => (this.embedded ? this.lane.run(() => ds.transaction(fn)) : this.withConnection(ds, fn, true)));
  }

  /** Runs a read outside a transaction (queued behind writes on PGlite). */
  read<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    const ds = this.source();
    return this.guard(() => (this.embedded ? this.lane.run(() => fn(ds.manager)) : this.withConnection(ds, fn, false)));
  }

  /**
   * Runs `fn` on a pooled PostgreSQL connection of its own, in a transaction or not, and gives the
   * connection back to the pool only when nothing went wrong on it. After a timeout or a broken
   * connection it may still hold an open transaction, or a statement the server has not answered yet,
   * and the next request to borrow it would run inside that transaction: with the server frozen, that
   * stored moves without their game's update and answered one move twice ("there is already a
   * transaction in progress" in the server's log). Such a connection is ended instead (pg's
   * `client.end()`; pg-pool never hands out an ended client again), and its transaction, if the server
   * still has it, ends with it. No ROLLBACK is tried on it: it would wait for the same frozen server.
   */
  private async withConnection<T>(ds: DataSource, fn: (m: EntityManager) => Promise<T>, transaction: boolean): Promise<T> {
    const runner = ds.createQueryRunner();
    let client: { end(): Promise<void> } | null = null;
    let broken = false;
    try {
      client = (await runner.connect()) as { end(): Promise<void> };
      if (transaction) await runner.startTransaction();
      const out = await fn(runner.manager);
      if (transaction) await runner.commitTransaction();
      return out;
    } catch (e) {
      broken = isConnectionError(e);
      if (!broken && transaction && runner.isTransactionActive) {
        try {
          await runner.rollbackTransaction();
        } catch {
          broken = true;
        }
      }
      throw e;
    } finally {
      // Not awaited: a frozen server would keep it waiting; ending is decided at once.
      if (broken && client) client.end().catch(() => undefined);
      await runner.release();
    }
  }

  /**
   * Runs one statement on its own, outside any transaction: atomic by itself, and one round trip
   * (queued behind transactions on PGlite). Its top level must be a SELECT (writes as data-modifying
   * CTEs), which both drivers answer as its rows. On PostgreSQL it goes to the pool as the prepared
   * statement `name`: each connection parses and plans it once, not on every call.
   */
  statement(name: string, sql: string, parameters: unknown[]): Promise<unknown[]> {
    const ds = this.source();
    if (this.embedded) return this.guard(() => this.lane.run(() => ds.query(sql, parameters) as Promise<unknown[]>));
    const pool = (ds.driver as PostgresDriver).master as Pool;
    return this.guard(async () => (await pool.query({ name, text: sql, values: parameters })).rows as unknown[]);
  }

  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (isConnectionError(e)) {
        this.logger.warn(`database unavailable: ${e instanceof Error ? e.message : String(e)}`);
        throw ProblemError.databaseUnavailable();
      }
      throw e;
    }
  }
}
