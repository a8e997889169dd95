import { createRequire } from 'node:module';
import { join } from 'node:path';

/** `require.resolve`'s shape: a request, and where to start looking (default: waymark's own location). */
export type Resolver = (request: string, options?: { paths?: string[] }) => string;

/**
 * Where this module is: its file, or in an ES module bundle (no `__filename`) the working
 * directory, from which a peer is looked for anyway.
 */
const here = typeof __filename === 'string' ? __filename : join(process.cwd(), 'waymark.js');

/**
 * Node's `require` from waymark's own location. Optional peers (`@opentelemetry/api`,
 * `swagger-ui-dist`, `fast-check`) go through it rather than a literal `require('name')`:
 * a bundler resolves every literal `require` of the code it bundles, so `esbuild app.ts
 * --bundle` failed on a peer the app never installed (docs/getting-started.md#toolchains).
 */
const local = createRequire(here);

export const resolveLocally: Resolver = (request, options) => local.resolve(request, options);

/**
 * The file of an optional peer, as the app sees it: from waymark's own location (a peer
 * installed beside it, hoisted or linked by pnpm), then from the working directory (the app's
 * project; a bundled waymark has no `node_modules` of its own). Throws Node's
 * `MODULE_NOT_FOUND` when neither has it.
 */
export function findPeer(request: string, resolve: Resolver = resolveLocally): string {
  try {
    return resolve(request);
  } catch (error) {
    try {
      return resolve(request, { paths: [process.cwd()] });
    } catch {
      throw error;
    }
  }
}

/** Loads an optional peer found by `findPeer`. */
export function loadPeer<T>(request: string): T {
  return local(findPeer(request)) as T;
}
