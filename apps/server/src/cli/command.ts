/** A mistake in how a command was called or configured: its message is all the user needs. */
export class UsageError extends Error {}

/**
 * The command line's options as `parse` reads them (it must accept -h/--help), or a UsageError
 * that shows the usage. Answers null after printing the usage for --help.
 */
export function readOptions<T extends { help?: boolean }>(parse: () => T, usage: string): T | null {
  let values: T;
  try {
    values = parse();
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n\n${usage}`);
  }
  if (values.help) {
    console.log(usage);
    return null;
  }
  return values;
}

/**
 * The value of a command-line option that must be a whole number (decimal digits) from `min` to
 * `max` (no upper bound without one), or a UsageError naming the option and its bounds, then the usage.
 */
export function wholeNumber(
  option: string,
  text: string | undefined,
  bounds: { min: number; max?: number },
  usage: string,
): number {
  // Written in decimal digits: 0x10, 1e3 or 1.0 are not taken for 16, 1000 or 1.
  const n = text !== undefined && /^-?\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (Number.isInteger(n) && n >= bounds.min && n <= (bounds.max ?? Number.MAX_SAFE_INTEGER)) return n;
  const range = bounds.max === undefined ? `${bounds.min} or more` : `from ${bounds.min} to ${bounds.max}`;
  throw new UsageError(`--${option} must be a whole number ${range}.\n\n${usage}`);
}

/**
 * Runs a command and exits with its code. Usage and configuration mistakes print their message
 * alone; anything else prints `failure` and the underlying cause (a failed query's cause says what
 * went wrong; its text does not).
 */
export function runCommand(main: () => Promise<number>, failure: string): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (
        err instanceof UsageError ||
        (err instanceof Error && err.message.startsWith('Invalid configuration'))
      ) {
        console.error(err.message);
      } else {
        const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
        console.error(failure, cause instanceof Error ? cause.message : cause);
      }
      process.exit(1);
    },
  );
}
