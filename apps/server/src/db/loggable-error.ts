import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * What a failure may put in the log. A failed query's message carries its parameters, and a
 * database message can quote a value: client data (names, SIN ciphertext) must never reach a log
 * line, so for database errors only the SQL text, the SQLSTATE and the constraint are kept.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  if (err instanceof DrizzleQueryError) {
    const cause = err.cause as { code?: unknown; constraint?: unknown } | undefined;
    return { type: 'DrizzleQueryError', query: err.query, code: cause?.code, constraint: cause?.constraint };
  }
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    return { type: 'DatabaseError', code, constraint: (err as { constraint?: unknown }).constraint };
  }
  return { type: (err as Error).name, message: (err as Error).message, stack: (err as Error).stack };
}

/**
 * The failure under a refusal (a file no reader could read), for the log: its type and where it
 * was thrown, never its message, which can quote the sender's file.
 */
export function loggableCause(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err };
  const at = err.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 5);
  return { type: err.name, at: at?.map((line) => line.trim()) };
}
