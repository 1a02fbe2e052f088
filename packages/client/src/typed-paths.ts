/**
 * The generated `paths` with every problem answer (`application/problem+json`) typed as `TaflProblem`,
 * the union on `code`, instead of the document's single ProblemView object. openapi-fetch reads its
 * `error` types from here, so `client.api` hands back problems that narrow on `error.code`. A type-level
 * mapping of the generated file, never a copy of it.
 */
import type { paths } from './generated/openapi.js';
import type { TaflProblem } from './problems.js';

type ProblemMedia = 'application/problem+json';

type ProblemContent<C> = C extends { [M in ProblemMedia]: unknown } ? Omit<C, ProblemMedia> & { [M in ProblemMedia]: TaflProblem } : C;

type Responses<R> = { [S in keyof R]: R[S] extends { content: infer C } ? Omit<R[S], 'content'> & { content: ProblemContent<C> } : R[S] };

type Operation<O> = O extends { responses: infer R } ? Omit<O, 'responses'> & { responses: Responses<R> } : O;

/** Every operation of the document, its problems a union on `code`. */
export type TaflPaths = { [P in keyof paths]: { [K in keyof paths[P]]: Operation<paths[P][K]> } };
