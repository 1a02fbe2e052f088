/** Configuration from the environment, validated once at start (every problem listed). */

/** pino's levels, and `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** An external engine an operator allows (ENGINES): the program and its arguments, run without a shell. */
export interface EngineCommand {
  command: string;
  args: string[];
}

export interface AppConfig {
  port: number;
  host: string;
  logLevel: LogLevel;
  /** PostgreSQL for stored games; unset means the embedded PGlite database in `pgliteDir`. */
  databaseUrl: string | null;
  pgliteDir: string;
  /** False only for tools that build the app without serving it (contract export). */
  connectDatabase: boolean;
  /** Requests per client per window; 0 turns rate limiting off. */
  rateLimitMax: number;
  /** Bytes of answers of pure operations kept (0: no cache). */
  answerCacheBytes: number;
  rateLimitWindowMs: number;
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes: number;
  /** Longest `moves` list accepted in one request. */
  maxMoves: number;
  /** Origins browsers may call from: ['*'] (the default: bearer tokens, no cookies) or exact origins. */
  corsOrigins: string[];
  /** Proxies whose X-Forwarded-For is believed: false, a hop count, or addresses and CIDRs. */
  trustProxy: false | number | string[];
  /** Longest time to receive a whole request (headers and body), in ms; slow senders are cut off. */
  requestTimeoutMs: number;
  /** Idle time after which a kept-alive connection is closed, in ms. */
  keepAliveTimeoutMs: number;
  /** Connections served at once; more are refused at accept. */
  maxConnections: number;
  /** Open connections one address may hold; 0 is no cap (the default behind a trusted proxy, whose one address is every client's). */
  maxConnectionsPerClient: number;
  /** Where clients reach this service (https://tafl.example), for absolute picture URLs; null: none given. */
  publicBaseUrl: string | null;
  /** Worker threads that rasterise pictures; 0 picks one fewer than the CPUs (at least one). */
  renderWorkers: number;
  /** Worker threads that search for move suggestions; 0 picks one fewer than the CPUs (at least one). */
  searchWorkers: number;
  /** Suggestions one client address may have queued or running at once. */
  maxSearchesPerClient: number;
  /** How often an idle game stream or WebSocket hears from the server (keep-alive line, comment, ping), in ms. */
  streamKeepAliveMs: number;
  /** Game streams and GraphQL subscriptions one client address may hold open at once in one instance; 0 is no cap. */
  maxStreamsPerClient: number;
  /** Bytes of events a stream may hold for a reader that does not keep up; past it the stream is dropped. */
  streamBufferBytes: number;
  /** How often each instance looks for games whose clock ran out with no move, in ms; 0 turns it off (tests). */
  timeoutSweepMs: number;
  /** Hosts (names, addresses or CIDRs) webhook URLs may point at; empty: webhooks are refused. */
  webhookAllowedHosts: string[];
  /** Longest wait for a receiver's answer to one delivery attempt, in ms. */
  webhookTimeoutMs: number;
  /** The first retry's delay; each next one doubles (with jitter), up to an hour. */
  webhookRetryBaseMs: number;
  /** How long a delivery is retried before it is given up. */
  webhookRetryForMs: number;
  /** How often each instance looks for due deliveries, in ms; 0 turns delivery off (tests). */
  webhookPollMs: number;
  /** Stored games whose engine state this instance keeps in memory for their next move; 0 keeps none. */
  hotGames: number;
  hotGamesBytes: number;
  /** The Discord app (api.md section 12): on when both the public key and the application id are set. */
  discord: DiscordConfig | null;
  /** External engines games may seat (`computer.engine`), by name; empty: none (ENGINES). */
  engines: Record<string, EngineCommand>;
}

export interface DiscordConfig {
  /** The application's Ed25519 public key, 64 hex digits, as the developer portal shows it. */
  publicKey: string;
  applicationId: string;
  /** For command registration and messages outside an interaction; null: none given. */
  botToken: string | null;
  /** Where follow-ups, edits and registration go (no trailing slash). */
  apiUrl: string;
}

export const DISCORD_API_DEFAULT = 'https://discord.com/api/v10';

function discord(env: NodeJS.ProcessEnv, problems: string[]): DiscordConfig | null {
  const publicKey = env.DISCORD_PUBLIC_KEY || '';
  const applicationId = env.DISCORD_APPLICATION_ID || '';
  if (!publicKey && !applicationId) return null;
  if (!/^[0-9a-fA-F]{64}$/.test(publicKey)) problems.push("DISCORD_PUBLIC_KEY must be the 64 hex digits of the application's public key");
  if (!/^\d{1,20}$/.test(applicationId)) problems.push("DISCORD_APPLICATION_ID must be the application's id (digits)");
  const apiUrl = (env.DISCORD_API_URL || DISCORD_API_DEFAULT).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(apiUrl)) problems.push('DISCORD_API_URL must be an http:// or https:// URL');
  return { publicKey, applicationId, botToken: env.DISCORD_BOT_TOKEN || null, apiUrl };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    return fallback;
  }
  return n;
}

function origins(raw: string | undefined, problems: string[]): string[] {
  const list = (raw ?? '*')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o.length > 0);
  if (list.length === 0) return ['*'];
  for (const o of list) {
    if (o === '*') continue;
    const u = URL.parse(o);
    if (u === null) problems.push(`CORS_ORIGINS: "${o}" is not an origin (scheme://host[:port])`);
    else if (u.origin !== o) problems.push(`CORS_ORIGINS: "${o}" is not an origin (scheme://host[:port], no path)`);
  }
  return list;
}

function baseUrl(raw: string | undefined, problems: string[]): string | null {
  const value = (raw ?? '').trim();
  if (value === '') return null;
  const u = URL.parse(value);
  if (u === null || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash) {
    problems.push(`PUBLIC_BASE_URL must be an http(s) URL without query or fragment, e.g. https://tafl.example, got "${value}"`);
    return null;
  }
  return u.toString().replace(/\/+$/, '');
}

const IPV4_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
const IPV6_CIDR = /^[0-9a-f:]+(\/\d{1,3})?$/i;

function trustProxy(raw: string | undefined, problems: string[]): false | number | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((x) => x.trim());
  for (const x of list)
    if (!IPV4_CIDR.test(x) && !IPV6_CIDR.test(x)) problems.push(`TRUST_PROXY: "${x}" is neither a hop count nor an address or CIDR`);
  return list;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

function allowedHosts(raw: string | undefined, problems: string[]): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter((x) => x.length > 0);
  for (const x of list)
    if (!HOST_NAME.test(x) && !IPV4_CIDR.test(x) && !IPV6_CIDR.test(x))
      problems.push(`WEBHOOK_ALLOWED_HOSTS: "${x}" is neither a host name nor an address or CIDR`);
  return list;
}

const ENGINE_NAME = /^[a-z0-9][a-z0-9_-]{0,31}$/i;

/**
 * ENGINES: `name=command args;name=command args`. Arguments split on spaces, with double quotes around
 * one that holds spaces; no shell reads them, so nothing else is special.
 */
export function engines(raw: string | undefined, problems: string[]): Record<string, EngineCommand> {
  const out: Record<string, EngineCommand> = {};
  for (const entry of (raw ?? '').split(';')) {
    if (entry.trim() === '') continue;
    const eq = entry.indexOf('=');
    const name = eq < 0 ? entry.trim() : entry.slice(0, eq).trim();
    const words = eq < 0 ? [] : [...entry.slice(eq + 1).matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
    if (eq < 0 || words.length === 0) problems.push(`ENGINES: "${entry.trim()}" must be name=command [arguments]`);
    else if (!ENGINE_NAME.test(name)) problems.push(`ENGINES: "${name}" is not an engine name (letters, digits, - and _, at most 32)`);
    else if (out[name]) problems.push(`ENGINES: the engine "${name}" is named twice`);
    else out[name] = { command: words[0], args: words.slice(1) };
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const logLevel = (env.LOG_LEVEL || 'info').toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  const databaseUrl = env.DATABASE_URL ? env.DATABASE_URL : null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  const config: AppConfig = {
    port: integer(env, 'PORT', 3000, 0, 65535, problems),
    host: env.HOST || '0.0.0.0',
    logLevel,
    databaseUrl,
    pgliteDir: env.PGLITE_DIR || './data',
    connectDatabase: true,
    rateLimitMax: integer(env, 'RATE_LIMIT_MAX', 60_000, 0, 10_000_000, problems),
    rateLimitWindowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1, 86_400_000, problems),
    answerCacheBytes: integer(env, 'ANSWER_CACHE_BYTES', 64 * 1024 * 1024, 0, 16 * 1024 * 1024 * 1024, problems),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024, problems),
    maxMoves: integer(env, 'MAX_MOVES', 5000, 1, 100_000, problems),
    corsOrigins: origins(env.CORS_ORIGINS, problems),
    trustProxy: trustProxy(env.TRUST_PROXY, problems),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 10_000, 100, 600_000, problems),
    keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000, problems),
    maxConnections: integer(env, 'MAX_CONNECTIONS', 2048, 1, 1_000_000, problems),
    maxConnectionsPerClient: 0,
    publicBaseUrl: baseUrl(env.PUBLIC_BASE_URL, problems),
    renderWorkers: integer(env, 'RENDER_WORKERS', 0, 0, 64, problems),
    searchWorkers: integer(env, 'SEARCH_WORKERS', 0, 0, 64, problems),
    maxSearchesPerClient: integer(env, 'MAX_SEARCHES_PER_CLIENT', 2, 1, 1000, problems),
    streamKeepAliveMs: integer(env, 'STREAM_KEEPALIVE_MS', 15_000, 100, 600_000, problems),
    maxStreamsPerClient: integer(env, 'MAX_STREAMS_PER_CLIENT', 16, 0, 1_000_000, problems),
    streamBufferBytes: integer(env, 'STREAM_BUFFER_BYTES', 1024 * 1024, 64 * 1024, 256 * 1024 * 1024, problems),
    // Well under api.md's 2 s from deadline to finished game, with room for a busy database.
    timeoutSweepMs: integer(env, 'TIMEOUT_SWEEP_MS', 250, 0, 60_000, problems),
    webhookAllowedHosts: allowedHosts(env.WEBHOOK_ALLOWED_HOSTS, problems),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 5_000, 100, 60_000, problems),
    webhookRetryBaseMs: integer(env, 'WEBHOOK_RETRY_BASE_MS', 1_000, 1, 3_600_000, problems),
    webhookRetryForMs: integer(env, 'WEBHOOK_RETRY_FOR_MS', 86_400_000, 1_000, 7 * 86_400_000, problems),
    webhookPollMs: integer(env, 'WEBHOOK_POLL_MS', 250, 0, 60_000, problems),
    hotGames: integer(env, 'HOT_GAMES', 1_000, 0, 1_000_000, problems),
    hotGamesBytes: integer(env, 'HOT_GAMES_BYTES', 256 * 1024 * 1024, 0, 64 * 1024 * 1024 * 1024, problems),
    discord: discord(env, problems),
    engines: engines(env.ENGINES, problems),
  };
  config.maxConnectionsPerClient = integer(
    env,
    'MAX_CONNECTIONS_PER_CLIENT',
    config.trustProxy === false ? 256 : 0,
    0,
    1_000_000,
    problems,
  );
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** Injection token of the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
