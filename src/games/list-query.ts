/**
 * The filters of GET /v1/games (api.md sections 5 and 8) read from a query string: every parameter
 * known and checked, an unknown one a 400 (a typo must not silently list every game).
 */
import { ProblemError } from '../http/problem-error';
import { decodeCursor } from './cursor';
import type { PageQuery } from './games.repository';

export const LIST_PARAMETERS = ['variant', 'status', 'cursor', 'limit', 'player', 'createdAfter', 'createdBefore'] as const;
type ListParameter = (typeof LIST_PARAMETERS)[number];

/** `metadata.<key>=<value>`: keys as a JSON object key may be, but bounded. */
export const METADATA_PREFIX = 'metadata.';
const METADATA_KEY = /^[\w.-]{1,64}$/;

/** The raw parameters of a list request (GraphQL passes metadata as an object instead). */
export type ListParameters = Partial<Record<ListParameter, unknown>> & { metadata?: Record<string, unknown> | null } & Record<
    string,
    unknown
  >;

function text(field: string, v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw ProblemError.invalidField(field, 'give it once, as text');
  return v;
}

function instant(field: string, v: unknown): string | undefined {
  const s = text(field, v);
  if (s === undefined) return undefined;
  const t = /^\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d))?$/.test(s) ? Date.parse(s) : NaN;
  if (Number.isNaN(t)) throw ProblemError.invalidField(field, 'must be an ISO 8601 date or time with a zone, e.g. 2026-12-01T00:00:00Z');
  return new Date(t).toISOString();
}

/** Checks every parameter; `isVariant` says whether a variant id exists. */
export function parseListQuery(raw: ListParameters, isVariant: (id: string) => boolean): PageQuery {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (name.startsWith(METADATA_PREFIX)) {
      const key = name.slice(METADATA_PREFIX.length);
      if (!METADATA_KEY.test(key)) throw ProblemError.invalidField(name, 'a metadata key is 1 to 64 letters, digits, _, - or .');
      metadata[key] = text(name, value)!;
    } else if (name === 'metadata' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) metadata[k] = typeof v === 'string' ? v : JSON.stringify(v);
    } else if (!(LIST_PARAMETERS as readonly string[]).includes(name) && name !== 'metadata') {
      throw ProblemError.invalidField(name, `unknown parameter; known: ${LIST_PARAMETERS.join(', ')}, metadata.<key>`, 'UNKNOWN_PARAMETER');
    }
  }
  const limitText = raw.limit;
  const limit =
    limitText === undefined || limitText === null ? 20 : typeof limitText === 'number' ? limitText : Number(text('limit', limitText));
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw ProblemError.invalidField('limit', 'limit must be an integer from 1 to 100');
  const status = text('status', raw.status);
  if (status !== undefined && status !== 'ongoing' && status !== 'finished') {
    throw ProblemError.invalidField('status', 'status must be ongoing or finished');
  }
  const variant = text('variant', raw.variant);
  if (variant !== undefined && !isVariant(variant)) throw ProblemError.variantNotFound(variant, 'body', 'variant');
  const cursor = text('cursor', raw.cursor);
  const player = text('player', raw.player);
  if (player !== undefined && player.length === 0) throw ProblemError.invalidField('player', 'player must not be empty');
  return {
    variant,
    status,
    after: cursor ? decodeCursor(cursor) : null,
    limit,
    player,
    createdAfter: instant('createdAfter', raw.createdAfter),
    createdBefore: instant('createdBefore', raw.createdBefore),
    metadata: Object.keys(metadata).length ? metadata : undefined,
  };
}
