/**
 * What a local operation answers instead of a value: the fields of the service's problem answer
 * (`code`, `detail`, `errors[]`, and for an illegal move `reason`, `index`, `move`), so code written
 * against one reads the other.
 */
import type { OperationProblem } from '../engine/operation-problems.js';
import type { Problem } from '../engine/result.js';

export type RulesProblem = OperationProblem | { code: 'VARIANT_NOT_FOUND'; detail: string; errors: Problem[] };

/** The error `perft` and the other number-valued helpers throw, carrying the problem. */
export class RulesError extends Error {
  constructor(readonly problem: RulesProblem) {
    super(problem.detail);
    this.name = 'RulesError';
  }
}
