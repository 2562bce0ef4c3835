import v8 from 'node:v8';

/**
 * How far V8 lets the heap grow past what the last full collection kept before it collects again:
 * 30 %. By default it may grow by up to several times that when collections are cheap, so a
 * server whose live heap is about 60 MB grew to 150–200 MB of garbage while it streamed a fiscal
 * year's ministry file (its live heap stayed within 2 MB of where it started; measured in
 * docs/performance.md). V8 reads the factor at every full collection, so it applies from the
 * first one after this call.
 */
export const HEAP_GROWING_PERCENT = 30;

/** Sets the server process's heap growing factor (above): called once, before the app is built. */
export function boundHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
