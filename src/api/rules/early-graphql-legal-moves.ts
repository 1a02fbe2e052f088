/**
 * POST /graphql answered at the edge (early-operation.ts) for the one query a board front-end or bot
 * sends over and over with a new state each time: a single `legalMoves` field taking its state (and
 * `from`) from variables and selecting plain fields of the answer and its moves. The document is
 * checked once per text against that exact shape: one query operation, no fragments, aliases,
 * directives, default values or `__typename`, each field selected once, variables of the declared
 * types. The variables must be of the plain shape too (a variant held in memory, position, moves).
 * Anything else, and any state the operation refuses, goes to Apollo, which validates, limits and
 * words errors as always. Such a document is far inside every GraphQL limit (depth, cost, root fields,
 * the replay budget: one state of at most MAX_MOVES moves).
 *
 * The answer is what Apollo sends: `{"data":{"legalMoves":{…}}}` and a newline, the fields in the
 * selection's order, written by the same writer as REST's answer (legal-moves.json.ts).
 *
 * Why: Apollo's path cost about 880 µs of CPU for such a request over distinct states (bench:speed),
 * four times the REST early answer; 40 µs of it parsing the body and 50 µs serializing the answer.
 */
import { DocumentNode, Kind, OperationDefinitionNode, SelectionSetNode, TypeNode, parse } from 'graphql';
import type { AppConfig } from '../../config/config';
import type { EarlyOperation } from '../../http/answer-cache/early-operation';
import type { PlainObject } from '../../http/plain-json';
import { plainBodyOrNull } from '../../http/request-guards';
import type { VariantCatalog } from '../../variants/variant-catalog';
import { legalMovesQuery } from '../../engine';
import { AnswerField, MoveField, legalMovesJson } from './legal-moves.json';
import { pliesReplayed } from './rules.service';
import { plainMoves } from './early-legal-moves';

/** What a recognised document asks: the variables holding the state and the square, and the fields. */
interface Shape {
  operationName: string | null;
  stateVariable: string;
  /** The variable of `from`, if the field takes it; `fromRequired` when declared String!. */
  fromVariable: string | null;
  fromRequired: boolean;
  /** Every variable the operation declares: a body giving any other goes to Apollo. */
  variables: Set<string>;
  fields: AnswerField[];
}

const SCALAR_FIELDS = new Set(['position', 'sideToMove', 'count']);
const MOVE_FIELDS = new Set<string>(['from', 'to', 'notation', 'captures']);
/** GameStateInput's fields this path takes (otn and definition go to Apollo). */
const PLAIN_STATE_FIELDS = new Set(['variant', 'position', 'moves']);

const SHAPES_MAX = 1000;
const shapes = new Map<string, Shape | null>();

function namedType(t: TypeNode): { name: string; nonNull: boolean } | null {
  if (t.kind === Kind.NON_NULL_TYPE) return t.type.kind === Kind.NAMED_TYPE ? { name: t.type.name.value, nonNull: true } : null;
  return t.kind === Kind.NAMED_TYPE ? { name: t.name.value, nonNull: false } : null;
}

/** The plain fields selected, in order, once each; null for anything else. */
function plainSelection(set: SelectionSetNode, allowed: Set<string>): string[] | null {
  const names: string[] = [];
  for (const sel of set.selections) {
    if (sel.kind !== Kind.FIELD || sel.alias || sel.directives?.length || sel.arguments?.length || sel.selectionSet) return null;
    const name = sel.name.value;
    if (!allowed.has(name) || names.includes(name)) return null;
    names.push(name);
  }
  return names.length > 0 ? names : null;
}

function shapeOf(doc: DocumentNode): Shape | null {
  if (doc.definitions.length !== 1 || doc.definitions[0].kind !== Kind.OPERATION_DEFINITION) return null;
  const op: OperationDefinitionNode = doc.definitions[0];
  if (op.operation !== 'query' || op.directives?.length || op.selectionSet.selections.length !== 1) return null;
  const field = op.selectionSet.selections[0];
  if (field.kind !== Kind.FIELD || field.name.value !== 'legalMoves' || field.alias || field.directives?.length || !field.selectionSet)
    return null;
  const declared = new Map<string, { name: string; nonNull: boolean }>();
  for (const d of op.variableDefinitions ?? []) {
    const t = namedType(d.type);
    if (t === null || d.defaultValue || d.directives?.length) return null;
    declared.set(d.variable.name.value, t);
  }
  let stateVariable: string | null = null;
  let fromVariable: string | null = null;
  for (const arg of field.arguments ?? []) {
    if (arg.value.kind !== Kind.VARIABLE) return null;
    const type = declared.get(arg.value.name.value);
    // The argument is GameStateInput!: a nullable variable there is a validation error.
    if (arg.name.value === 'state' && type?.name === 'GameStateInput' && type.nonNull) stateVariable = arg.value.name.value;
    else if (arg.name.value === 'from' && type?.name === 'String') fromVariable = arg.value.name.value;
    else return null;
  }
  if (stateVariable === null || stateVariable === fromVariable) return null;
  // Every declared variable is used: an unused one is a validation error.
  if (declared.size !== (fromVariable === null ? 1 : 2)) return null;
  const fields: AnswerField[] = [];
  const seen = new Set<string>();
  for (const sel of field.selectionSet.selections) {
    if (sel.kind !== Kind.FIELD || sel.alias || sel.directives?.length || sel.arguments?.length) return null;
    const name = sel.name.value;
    if (seen.has(name)) return null;
    seen.add(name);
    if (SCALAR_FIELDS.has(name) && !sel.selectionSet) fields.push(name as AnswerField);
    else if (name === 'moves' && sel.selectionSet) {
      const moveFields = plainSelection(sel.selectionSet, MOVE_FIELDS);
      if (moveFields === null) return null;
      fields.push({ moves: moveFields as MoveField[] });
    } else return null;
  }
  return {
    operationName: op.name?.value ?? null,
    stateVariable,
    fromVariable,
    fromRequired: fromVariable !== null && declared.get(fromVariable)!.nonNull,
    variables: new Set(declared.keys()),
    fields,
  };
}

function shapeOfQuery(query: string): Shape | null {
  let shape = shapes.get(query);
  if (shape !== undefined) return shape;
  try {
    shape = shapeOf(parse(query, { noLocation: true }));
  } catch {
    shape = null;
  }
  if (shapes.size >= SHAPES_MAX) shapes.delete(shapes.keys().next().value!);
  shapes.set(query, shape);
  return shape;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

const ENVELOPE_START = '{"data":{"legalMoves":';
// Apollo writes JSON.stringify of the result and a newline (prettyJSONStringify).
const ENVELOPE_END = '}}\n';

export function earlyGraphqlLegalMoves(catalog: VariantCatalog, config: Pick<AppConfig, 'maxMoves'>): EarlyOperation {
  return {
    answer(text) {
      const body = plainBodyOrNull(text);
      if (!isObject(body)) return null;
      for (const name in body) if (name !== 'query' && name !== 'variables' && name !== 'operationName') return null;
      const { query, variables, operationName } = body;
      if (typeof query !== 'string' || !isObject(variables)) return null;
      const shape = shapeOfQuery(query);
      if (shape === null) return null;
      if (operationName !== undefined && operationName !== null && operationName !== shape.operationName) return null;
      for (const name in variables) if (!shape.variables.has(name)) return null;
      const state = variables[shape.stateVariable];
      if (!isObject(state)) return null;
      for (const name in state) if (!PLAIN_STATE_FIELDS.has(name)) return null;
      const { variant, position, moves } = state as PlainObject;
      if (position !== undefined && position !== null && typeof position !== 'string') return null;
      if (!plainMoves(moves, config.maxMoves)) return null;
      const from = shape.fromVariable === null ? undefined : variables[shape.fromVariable];
      if (from !== undefined && from !== null && typeof from !== 'string') return null;
      if (shape.fromRequired && typeof from !== 'string') return null;
      const entry = catalog.entry(variant);
      if (entry === undefined) return null;
      const r = legalMovesQuery(entry.compiled, { position, moves }, from);
      if (!r.ok) return null;
      const bytes = legalMovesJson(
        r.value.state,
        r.value.from,
        r.value.state.tfen(),
        undefined,
        shape.fields,
        ENVELOPE_START,
        ENVELOPE_END,
      );
      return { body: bytes, plies: pliesReplayed(moves) };
    },
  };
}
