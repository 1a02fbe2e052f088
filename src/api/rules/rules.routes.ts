/**
 * The hot stateless operations as plain Fastify routes (http/plain-routes.ts): legal moves, a move
 * applied, the outcome, and the cacheable GET forms. Thin: RulesService does the work. validate-game
 * stays a Nest route (rules.controller.ts).
 */
import type { FastifyRequest } from 'fastify';
import { JSON_TYPE } from '../../http/answers-as-bytes';
import { PlainRoute, RouteParameter } from '../../http/plain-routes';
import { ApplyMoveRequest, GameStateInput, LegalMovesRequest } from './game-state.input';
import { RulesService } from './rules.service';
import { ApplyMoveView, EvaluateView, LegalMovesView } from './views';

/** GET answers depend only on the URL (and the engine release), so caches may keep them. */
export const CACHEABLE = 'public, max-age=3600, stale-while-revalidate=86400';

/** The game state of the GET forms: the variant in the path, the position and moves in the query. */
const STATE_PARAMETERS: RouteParameter[] = [
  { name: 'id', in: 'path', description: 'Variant id', example: 'brandubh' },
  { name: 'position', in: 'query', description: 'TFEN start position, "_" for the space', example: '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3_a' },
  { name: 'moves', in: 'query', description: 'Comma-separated moves played from the start position', example: 'd2-e2,c4-c5' },
];
const GET_FORM = 'Write the TFEN space as "_"; moves are comma-separated.';

interface StateQuery {
  Params: { id: string };
  Querystring: { position?: string; moves?: string; from?: string };
}

function splitMoves(moves?: string): string[] {
  return moves
    ? moves
        .split(',')
        .map((m) => m.trim())
        .filter((m) => m.length > 0)
    : [];
}

/** The state a GET form names, with the variant id from the path (an unknown one is a 404). */
function stateOfQuery(request: FastifyRequest): { variant: string; position?: string; moves: string[]; from?: string } {
  const { params, query } = request as FastifyRequest<StateQuery>;
  return { variant: params.id, position: query.position, moves: splitMoves(query.moves), from: query.from };
}

export function rulesRoutes(rules: RulesService): PlainRoute[] {
  return [
    {
      method: 'POST',
      url: '/v1/legal-moves',
      operationId: 'legalMoves',
      summary: 'Legal moves of the side to move (all, or from one square)',
      tag: 'rules',
      body: LegalMovesRequest,
      ok: { type: LegalMovesView, description: 'The legal moves (none on a finished game)' },
      problems: [400, 422],
      pure: true,
      handler: async (request, reply) => {
        reply.type(JSON_TYPE);
        return rules.legalMovesText(request.body as LegalMovesRequest);
      },
    },
    {
      method: 'POST',
      url: '/v1/apply-move',
      operationId: 'applyMove',
      summary: 'Play one move on a state (a pure query: nothing is stored)',
      tag: 'rules',
      body: ApplyMoveRequest,
      ok: { type: ApplyMoveView, description: 'The position after the move, the move with its captures, and the outcome' },
      problems: [400, 422],
      pure: true,
      handler: (request) => rules.applyMove(request.body as ApplyMoveRequest),
    },
    {
      method: 'POST',
      url: '/v1/evaluate',
      operationId: 'evaluateOutcome',
      summary: 'Whether the game is over, who won and why',
      tag: 'rules',
      body: GameStateInput,
      ok: { type: EvaluateView, description: 'The position, the side to move and the outcome' },
      problems: [400, 422],
      pure: true,
      handler: (request) => rules.evaluate(request.body as GameStateInput),
    },
    {
      method: 'GET',
      url: '/v1/variants/:id/legal-moves',
      operationId: 'legalMovesGet',
      summary: 'Legal moves, cacheable GET form',
      description: GET_FORM,
      tag: 'rules',
      parameters: [
        ...STATE_PARAMETERS,
        { name: 'from', in: 'query', description: 'Only the moves of the piece on this square', example: 'd5' },
      ],
      ok: { type: LegalMovesView, description: 'The legal moves (none on a finished game)' },
      problems: [400, 404, 422],
      pure: true,
      handler: async (request, reply) => {
        reply.type(JSON_TYPE).header('cache-control', CACHEABLE);
        return rules.legalMovesText(stateOfQuery(request), 'path');
      },
    },
    {
      method: 'GET',
      url: '/v1/variants/:id/evaluate',
      operationId: 'evaluateOutcomeGet',
      summary: 'Outcome, cacheable GET form',
      description: GET_FORM,
      tag: 'rules',
      parameters: STATE_PARAMETERS,
      ok: { type: EvaluateView, description: 'The position, the side to move and the outcome' },
      problems: [400, 404, 422],
      pure: true,
      handler: async (request, reply) => {
        reply.header('cache-control', CACHEABLE);
        const { from: _from, ...state } = stateOfQuery(request);
        return rules.evaluate(state, 'path');
      },
    },
  ];
}
