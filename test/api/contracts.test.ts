/**
 * What the committed contracts promise code generators and Swagger UI, checked on the files themselves
 * (the staleness test in service.e2e.test.ts keeps them equal to the code). Structure is redocly's job
 * (`npx redocly lint openapi/openapi.json`); these are the choices redocly cannot know.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GraphQLEnumType, GraphQLNonNull, GraphQLObjectType, buildSchema, getNamedType } from 'graphql';
import { ILLEGAL_REASONS, OUTCOME_STATUSES, SIDES } from '../../src/engine';
import { ERROR_CODES } from '../../src/http/error-codes';

const ROOT = join(__dirname, '..', '..');
const doc = JSON.parse(readFileSync(join(ROOT, 'openapi', 'openapi.json'), 'utf8'));
const schema = buildSchema(readFileSync(join(ROOT, 'schema.gql'), 'utf8'));

interface Op {
  method: string;
  path: string;
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: { type?: string } }[];
  responses: Record<string, { description?: string; content?: Record<string, unknown> }>;
}
const ops: Op[] = Object.entries(doc.paths as Record<string, Record<string, Omit<Op, 'method' | 'path'>>>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ ...op, method, path })),
);
const byId = (id: string): Op => ops.find((o) => o.operationId === id)!;

describe('OpenAPI document', () => {
  it('names every operation after its GraphQL mirror (GET forms end in Get)', () => {
    expect(ops.map((o) => o.operationId).sort()).toEqual(
      [
        'health',
        'ready',
        // Operational counters (Prometheus text), like the probes no GraphQL mirror.
        'metrics',
        'listVariants',
        'getVariant',
        'parseVariant',
        'registerVariant',
        'legalMoves',
        'applyMove',
        'evaluateOutcome',
        'validateGame',
        'legalMovesGet',
        'evaluateOutcomeGet',
        'createGame',
        'importGame',
        'listGames',
        'getGame',
        'playMove',
        'resign',
        'offerDraw',
        'acceptDraw',
        'offerTakeback',
        'acceptTakeback',
        'createGames',
        'webhookDeliveries',
        'claimSeat',
        'getInvite',
        'exportGame',
        // Pictures (api.md section 6) have no GraphQL mirror but the `board` field.
        'suggestMove',
        'analyzeGame',
        // A stored game's review: GraphQL reviews its moves with analyzeGame.
        'analyzeStoredGame',
        'threats',
        'boardSvg',
        'boardPng',
        'boardText',
        'animationGif',
        'gameBoardSvg',
        'gameBoardPng',
        'gameBoardText',
        'gameAnimationGif',
        'streamGame',
      ].sort(),
    );
    const mutations = (schema.getMutationType() as GraphQLObjectType).getFields();
    const queries = (schema.getQueryType() as GraphQLObjectType).getFields();
    for (const id of [
      'legalMoves',
      'applyMove',
      'evaluateOutcome',
      'validateGame',
      'createGame',
      'importGame',
      'playMove',
      'resign',
      'offerDraw',
      'acceptDraw',
      'suggestMove',
      'analyzeGame',
      'threats',
      'offerTakeback',
      'acceptTakeback',
      'createGames',
      'webhookDeliveries',
      'claimSeat',
      'invite',
    ]) {
      expect(queries[id] ?? mutations[id], id).toBeDefined();
    }
    // The stream's mirror is a subscription.
    expect((schema.getSubscriptionType() as GraphQLObjectType).getFields().gameUpdated).toBeDefined();
  });

  it('describes the stream as NDJSON and SSE, each NDJSON line one of the two event shapes', () => {
    const content = byId('streamGame').responses['200'].content as Record<string, { schema: { oneOf?: { $ref: string }[] } }>;
    expect(Object.keys(content).sort()).toEqual(['application/x-ndjson', 'text/event-stream']);
    expect(content['application/x-ndjson'].schema.oneOf!.map((s) => s.$ref).sort()).toEqual([
      '#/components/schemas/GameFullEventView',
      '#/components/schemas/GameStateEventView',
    ]);
    const s = doc.components.schemas;
    expect(s.GameStateEventView.properties.seq.type).toBe('integer');
    expect(s.GameStateEventView.required).toEqual(
      expect.arrayContaining(['type', 'seq', 'event', 'ply', 'move', 'position', 'sideToMove', 'outcome', 'drawOfferedBy', 'clocks']),
    );
    expect(s.GameEventKind.enum).toEqual([
      'move',
      'resign',
      'draw_offer',
      'draw_accept',
      'takeback',
      'timeout',
      'takeback_offer',
      'seat_taken',
      'engine_failure',
    ]);
    expect(byId('streamGame').parameters!.find((p) => p.name === 'sinceSeq')!.schema!.type).toBe('integer');
  });

  it('asks for the bearer scheme exactly on the routes that take a side token, and nowhere else', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([]);
    const withToken = ops.filter((o) => o.security?.some((s) => 'bearer' in s)).map((o) => o.operationId);
    expect(withToken.sort()).toEqual([
      'acceptDraw',
      'acceptTakeback',
      'offerDraw',
      'offerTakeback',
      'playMove',
      'resign',
      'webhookDeliveries',
    ]);
    // The scheme carries the header; a parameter of that name would be ignored by every OpenAPI tool.
    for (const o of ops)
      expect(o.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'authorization') ?? false, o.operationId).toBe(false);
  });

  it('documents the body limit on every POST, the rate limit on every route but the probes, 503 on stored games, and no 304', () => {
    for (const o of ops) {
      expect('413' in o.responses, `${o.operationId} 413`).toBe(o.method === 'post');
      expect('429' in o.responses, `${o.operationId} 429`).toBe(o.path !== '/health' && o.path !== '/ready');
      expect('304' in o.responses, `${o.operationId} 304`).toBe(false);
      if (o.path.startsWith('/v1/games')) expect('503' in o.responses, `${o.operationId} 503`).toBe(true);
      for (const [status, r] of Object.entries(o.responses)) expect(r.description, `${o.operationId} ${status}`).toBeTruthy();
    }
    expect(Object.keys(byId('exportGame').responses['200'].content!).sort()).toEqual(['application/json', 'text/plain']);
  });

  it('types counts as integers and takes enum values from the value sets', () => {
    const s = doc.components.schemas;
    expect(s.ProblemView.properties.status.type).toBe('integer');
    expect(s.ProblemView.properties.index.type).toBe('integer');
    expect(s.ProblemItemView.properties.offset.type).toBe('integer');
    expect(s.GameView.properties.ply.type).toBe('integer');
    expect(s.LegalMovesView.properties.count.type).toBe('integer');
    expect(s.PlayMoveRequest.properties.expectedPly.type).toBe('integer');
    expect(byId('listGames').parameters!.find((p) => p.name === 'limit')!.schema!.type).toBe('integer');
    expect(s.Side.enum).toEqual([...SIDES]);
    expect(s.OutcomeStatus.enum).toEqual([...OUTCOME_STATUSES]);
    expect(s.IllegalReason.enum).toEqual([...ILLEGAL_REASONS]);
    expect(s.ErrorCode.enum).toEqual([...ERROR_CODES]);
    expect(s.ProblemView.properties.code.$ref).toBe('#/components/schemas/ErrorCode');
    expect(s.ProblemView.properties.reason.$ref).toBe('#/components/schemas/IllegalReason');
  });
});

describe('schema.gql', () => {
  const field = (type: string, name: string) => (schema.getType(type) as GraphQLObjectType).getFields()[name];
  const enumValues = (name: string) =>
    (schema.getType(name) as GraphQLEnumType)
      .getValues()
      .map((v) => v.value)
      .sort();

  it('answers value sets as enums whose values are the api.md strings', () => {
    for (const type of ['LegalMoves', 'AppliedMove', 'Evaluation', 'GameValidation', 'Game'])
      expect(getNamedType(field(type, 'sideToMove').type).name, type).toBe('Side');
    expect(getNamedType(field('Game', 'drawOfferedBy').type).name).toBe('Side');
    expect(getNamedType(field('IllegalMove', 'reason').type).name).toBe('IllegalReason');
    expect(enumValues('Side')).toEqual([...SIDES].sort());
    expect(enumValues('IllegalReason')).toEqual([...ILLEGAL_REASONS].sort());
    expect(enumValues('ErrorCode')).toEqual([...ERROR_CODES].sort());
    const games = (schema.getQueryType() as GraphQLObjectType).getFields().games;
    expect(getNamedType(games.args.find((a) => a.name === 'status')!.type).name).toBe('OutcomeStatus');
    expect(getNamedType(field('ProblemExtensions', 'code').type).name).toBe('ErrorCode');
  });

  it('types stored-game ids as ID', () => {
    expect(String(field('Game', 'id').type)).toBe('ID!');
    expect(String(field('CreatedGame', 'id').type)).toBe('ID!');
    const root = {
      ...(schema.getQueryType() as GraphQLObjectType).getFields(),
      ...(schema.getMutationType() as GraphQLObjectType).getFields(),
    };
    for (const name of ['game', 'playMove', 'resign', 'offerDraw', 'acceptDraw']) {
      const id = root[name].args.find((a) => a.name === 'id')!;
      expect(id.type instanceof GraphQLNonNull && String(id.type), name).toBe('ID!');
    }
  });
});
