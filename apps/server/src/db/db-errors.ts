/**
 * The constraint a failed statement violated, with its SQLSTATE. Drizzle wraps the driver's
 * error; both pg and PGlite report `code` and `constraint`.
 */
export function violatedConstraint(err: unknown): { code: string; constraint: string } | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && typeof constraint === 'string') return { code, constraint };
  }
  return undefined;
}
