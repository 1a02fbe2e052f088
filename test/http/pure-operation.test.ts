/** Which GraphQL operations the answer cache may keep: queries whose root fields all carry a cache hint. */
import { buildSchema, parse, OperationDefinitionNode } from 'graphql';
import { isPureOperation, pureRootFields } from '../../src/http/answer-cache/pure-operation';

const schema = buildSchema(`
  directive @cacheControl(maxAge: Int) on FIELD_DEFINITION
  type Query {
    legalMoves(v: String): Int @cacheControl(maxAge: 3600)
    evaluateOutcome(v: String): Int @cacheControl(maxAge: 3600)
    stale(v: String): Int @cacheControl(maxAge: 0)
    game(id: String): Int
  }
  type Mutation { playMove: Int }
`);
const pure = pureRootFields(schema);

const pureOf = (text: string, name?: string): boolean => {
  const doc = parse(text);
  const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  return isPureOperation(doc, name ? ops.find((o) => o.name?.value === name)! : ops[0], pure);
};

describe('pure GraphQL operations', () => {
  it('reads the hints of the schema: a positive maxAge, on root query fields', () => {
    expect([...pure].sort()).toEqual(['__typename', 'evaluateOutcome', 'legalMoves']);
  });

  it.each([
    ['one pure field', '{ legalMoves }', true],
    ['two pure fields, aliases and __typename', '{ a: legalMoves b: evaluateOutcome __typename }', true],
    ['a named fragment on the root', 'query { ...F } fragment F on Query { legalMoves }', true],
    ['an inline fragment', 'query { ... on Query { legalMoves } }', true],
    ['a field without a hint', '{ game }', false],
    ['a hint of maxAge 0', '{ stale }', false],
    ['a pure field beside one without a hint', '{ legalMoves game }', false],
    ['a fragment holding an impure field', 'query { ...F } fragment F on Query { legalMoves game }', false],
    ['a fragment that does not exist', 'query { ...G }', false],
    ['a mutation', 'mutation { playMove }', false],
  ])('%s: %s', (_what, text, expected) => {
    expect(pureOf(text)).toBe(expected);
  });

  it('judges the operation asked for, not its neighbours', () => {
    const text = 'query A { legalMoves } query B { game }';
    expect(pureOf(text, 'A')).toBe(true);
    expect(pureOf(text, 'B')).toBe(false);
  });
});
