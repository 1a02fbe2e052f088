/**
 * Bounds on a GraphQL document, checked before graphql-js validates it. graphql-js's
 * OverlappingFieldsCanBeMerged rule (one of the rules every server must run) compares every pair of
 * fields that answer under one name in a selection set, fragments included, and every pair of fragments
 * spread in one: 2,700 copies of `variants { id }` held the event loop 95 ms, 250 copies 64 ms in a cold
 * process, 500 fragments spread in ten selection sets 72 ms. The rules of this service (query-limits.ts)
 * refuse such documents, but graphql-js runs its own rules first on each node, so these counts come
 * before validation: for HTTP in a Fastify hook, over WebSocket right after the parse.
 */
import { BREAK, DocumentNode, FragmentDefinitionNode, GraphQLError, Kind, SelectionSetNode, parse, visit } from 'graphql';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config';
import { isGraphqlRequest } from '../../http/problem-reply';
import { graphqlMaxTokens } from './graphql.options';

/**
 * Field selections one document may hold: the standard introspection query has 72, fifty aliased
 * legal-move queries with their moves about 400.
 */
export const MAX_DOCUMENT_FIELDS = 500;
/** Fragment spreads and inline fragments one document may hold. */
export const MAX_DOCUMENT_SPREADS = 200;
/**
 * Fields answering under one name in one selection set, its fragments' fields included: a useful query
 * repeats a name a few times (fragments that share `id`); graphql-js compares each pair of them.
 */
export const MAX_SAME_NAME = 16;

/** `a ` is the shortest field: a shorter document cannot repeat one name too often, nor pass the other limits. */
const SHORTEST_OVER_LIMIT = 2 * MAX_SAME_NAME;
/**
 * Texts already found within the limits. Parsing and walking a 110-character query costs about 40 µs,
 * as much as a whole REST answer; clients repeat a few query texts with new variables, so a repeat
 * costs one lookup. Bounded in entries and in the length of what is kept.
 */
const WITHIN_LIMITS = new Set<string>();
const KEPT_TEXTS = 1000;
const KEPT_TEXT_LENGTH = 8192;

/** What the document holds too much of, or null; linear in the document (each fragment counted once). */
export function documentTooBig(document: DocumentNode): string | null {
  let fields = 0;
  let spreads = 0;
  let found: string | null = null;
  const spread = () => {
    if (++spreads <= MAX_DOCUMENT_SPREADS) return undefined;
    found = `the document holds more than ${MAX_DOCUMENT_SPREADS} fragment spreads and inline fragments`;
    return BREAK;
  };
  visit(document, {
    [Kind.FIELD]() {
      if (++fields <= MAX_DOCUMENT_FIELDS) return undefined;
      found = `the document selects more than ${MAX_DOCUMENT_FIELDS} fields`;
      return BREAK;
    },
    [Kind.FRAGMENT_SPREAD]: spread,
    [Kind.INLINE_FRAGMENT]: spread,
  });
  return found ?? repeatedName(document);
}

/** The first selection set with more than MAX_SAME_NAME fields under one name, said; or null. */
function repeatedName(document: DocumentNode): string | null {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const ofFragment = new Map<string, Map<string, number>>();
  const entered = new Set<string>();
  /** Fields per response name of a selection set, through its inline fragments and (each once) its spreads. */
  const namesOf = (set: SelectionSetNode): Map<string, number> => {
    const names = new Map<string, number>();
    // Counts stop just past the limit: fragments that spread each other twice would double them at every level.
    const add = (name: string, n: number) => names.set(name, Math.min(MAX_SAME_NAME + 1, (names.get(name) ?? 0) + n));
    const spread = new Set<string>();
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) add(sel.alias?.value ?? sel.name.value, 1);
      else if (sel.kind === Kind.INLINE_FRAGMENT) for (const [k, n] of namesOf(sel.selectionSet)) add(k, n);
      else if (!spread.has(sel.name.value)) {
        spread.add(sel.name.value);
        for (const [k, n] of fragmentNames(sel.name.value)) add(k, n);
      }
    }
    return names;
  };
  const fragmentNames = (name: string): Map<string, number> => {
    const known = ofFragment.get(name);
    if (known) return known;
    const def = fragments.get(name);
    // An unknown fragment or a cycle: graphql-js refuses the document; nothing to count here.
    if (!def || entered.has(name)) return new Map();
    entered.add(name);
    const names = namesOf(def.selectionSet);
    ofFragment.set(name, names);
    return names;
  };
  let found: string | null = null;
  visit(document, {
    [Kind.SELECTION_SET](set) {
      for (const [name, n] of namesOf(set)) {
        if (n <= MAX_SAME_NAME) continue;
        found = `more than ${MAX_SAME_NAME} fields answer as "${name}" in one selection set`;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

export function documentTooBigError(message: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'QUERY_TOO_COMPLEX', maxFields: MAX_DOCUMENT_FIELDS, maxSpreads: MAX_DOCUMENT_SPREADS, maxSameName: MAX_SAME_NAME },
  });
}

function queryText(request: FastifyRequest): string | null {
  const from = request.method === 'GET' ? request.query : request.body;
  const query = from && typeof from === 'object' ? (from as { query?: unknown }).query : undefined;
  return typeof query === 'string' ? query : null;
}

/**
 * Refuses, before Apollo validates, an HTTP GraphQL document over the limits (a GraphQL-shaped 400).
 * A text not seen before is parsed here (Apollo parses it again, once per text too); one that does not
 * parse is left to Apollo, which says why.
 */
export function installDocumentSize(fastify: FastifyInstance, config: Pick<AppConfig, 'maxMoves'>): void {
  const maxTokens = graphqlMaxTokens(config);
  fastify.addHook('preValidation', (request, reply, done) => {
    const text = isGraphqlRequest(request) ? queryText(request) : null;
    if (text === null || text.length <= SHORTEST_OVER_LIMIT || WITHIN_LIMITS.has(text)) return done();
    let document: DocumentNode;
    try {
      document = parse(text, { maxTokens });
    } catch {
      return done();
    }
    const tooBig = documentTooBig(document);
    if (tooBig === null) {
      remember(text);
      return done();
    }
    // Answered here, as graphql-ws answers it: done() is not called.
    void reply
      .status(400)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ errors: [documentTooBigError(tooBig).toJSON()] });
  });
}

function remember(text: string): void {
  if (text.length > KEPT_TEXT_LENGTH) return;
  // A Set iterates in insertion order: the first entry is the oldest.
  if (WITHIN_LIMITS.size >= KEPT_TEXTS) WITHIN_LIMITS.delete(WITHIN_LIMITS.values().next().value as string);
  WITHIN_LIMITS.add(text);
}
