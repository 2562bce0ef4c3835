// Types of processes.mjs, for the TypeScript benchmark.
export function killAll(): void;
export function sleep(ms: number): Promise<void>;
