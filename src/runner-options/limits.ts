/**
 * The bounds and types of `waymark/runner-options` that its public
 * declarations name. They live apart from the modules that read a
 * tsconfig.json with TypeScript's API, so that the package's declarations
 * compile under TypeScript 7 too, whose package has no compiler API types
 * (docs/toolchains.md).
 */

/** How many files an `extends` chain may have; a longer one is a problem, not a stack overflow. */
export const MAX_CHAIN = 64;

/**
 * How deep objects and arrays may nest. TypeScript's JSON parser recurses and
 * overflows the stack somewhere between 500 and 700 levels; a bound well below
 * that turns the overflow into a problem that names the file.
 */
export const MAX_NESTING = 256;

/** How a file is loaded, as ts-node's `moduleTypes` says: CommonJS, ES module, or as its package says. */
export type ModuleType = 'cjs' | 'esm' | 'package';
