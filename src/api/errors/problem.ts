/** RFC 9457 problem details, the body of every REST error. */
import { ApiError } from './api-error';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function problemBody(e: ApiError, instance?: string): Record<string, unknown> {
  return {
    // A relative URI per error code: stable, documented in the README, no external host implied.
    type: `/problems/${e.code.toLowerCase().replace(/_/g, '-')}`,
    title: e.title,
    status: e.status,
    detail: e.detail,
    ...(instance ? { instance } : {}),
    ...e.body(),
  };
}
