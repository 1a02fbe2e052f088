/** Errors are values with stable codes; transports map them to HTTP or GraphQL errors. */
export interface Problem {
  code: string;
  message: string;
  /** Character offset in the input string the problem was found at, where that applies. */
  offset?: number;
  /** Field of a structured input (e.g. "throne.square"), where that applies. */
  field?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; errors: Problem[] };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(errors: Problem[]): Result<T> {
  return { ok: false, errors };
}
