// `ApiProblem`: an error answer of the service (application/problem+json) as an Error with its
// stable `code`, and `isProblem` to branch on that code.

import type { Problem } from './types';

/** An error answer of the service (its problem document), or a failure to reach it. */
export class ApiProblem extends Error {
  /** The HTTP status (0 when the service could not be reached). */
  readonly status: number;
  /** The problem's stable `code` (`illegal_move`, `rate_limited`…), or `network_error`. */
  readonly code: string;
  /** The whole problem document, when the service sent one. */
  readonly problem: Problem | null;
  /** Seconds the service asked to wait (`Retry-After` on 429 and 503), if it did. */
  readonly retryAfter: number | null;

  constructor(status: number, problem: Problem | null, retryAfter: number | null, message?: string) {
    super(problem?.detail ?? message ?? `the service answered HTTP ${status}`);
    this.name = 'ApiProblem';
    this.status = status;
    this.code = problem?.code ?? (status === 0 ? 'network_error' : `http_${status}`);
    this.problem = problem;
    this.retryAfter = retryAfter;
  }
}

/** Whether `error` is the service's problem with this `code`. */
export function isProblem(error: unknown, code: string): error is ApiProblem {
  return error instanceof ApiProblem && error.code === code;
}

