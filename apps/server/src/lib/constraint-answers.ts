import { violatedConstraint } from '../db/db-errors.ts';
import type { HttpError } from './http-error.ts';

/**
 * Runs a write whose rules the database keeps (a record's plan or client still existing, one
 * open plan per client, one outcome per plan) and, when it refuses the write on one of the
 * constraints named in `answers`, throws that constraint's answer instead. A refusal on any other
 * constraint, and any other error, passes through unchanged.
 */
export async function answerConstraints<T>(
  write: () => Promise<T>,
  answers: Record<string, () => HttpError>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = violatedConstraint(err)?.constraint;
    if (constraint !== undefined && Object.hasOwn(answers, constraint)) throw answers[constraint]!();
    throw err;
  }
}
