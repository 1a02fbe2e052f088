/**
 * The one result type of the engine and of the rooms above it. Errors are values with stable codes;
 * transports map them to HTTP or GraphQL errors.
 */
export interface Problem {
  code: string;
  message: string;
  /** Character offset in the input string the problem was found at, where that applies. */
  offset?: number;
  /** Field of a structured input (e.g. "throne.square"), where that applies. */
  field?: string;
}

export type Ok<T> = { ok: true; value: T };
export type Err<E> = { ok: false; error: E };
/** A value, or why there is none. `E` defaults to every problem found (inputs list them all). */
export type Result<T, E = Problem[]> = Ok<T> | Err<E>;

// The narrow return types let one helper serve every `Result<T, E>` without naming the other half.
export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function err<E>(error: E): Err<E> {
  return { ok: false, error };
}
