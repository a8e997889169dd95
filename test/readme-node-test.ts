/**
 * Stands in for `node:test` when test/readme.test.ts runs a block of the README
 * or of docs/: each `test(name, fn)` is started at once and recorded, so the
 * runner can await it and see its failure (node:test itself only reports at
 * process exit).
 */
export const started: Promise<unknown>[] = [];

export function test(name: string, fn: () => unknown): void {
  started.push(Promise.resolve().then(fn).catch((error: unknown) => {
    throw new Error(`README test '${name}' failed: ${error instanceof Error ? error.message : String(error)}`);
  }));
}

/** Stands in for mocha's `describe` in a block that shows a mocha test: the suite's body runs at once. */
export function describe(_name: string, body: () => void): void {
  body();
}

/** Stands in for mocha's `it`: a `test`. */
export const it = test;
