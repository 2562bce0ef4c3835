// Types of free-port.mjs, for TypeScript callers.
export function freePort(): Promise<number>;
