import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The folder of the nearest package.json at or above `from` (default: this
 * file's folder), i.e. waymark's own root. The compiled code sits at several
 * depths (per-file `dist/cli/main.js`, the one-file `dist/bundle.js`, `src/`
 * under ts-node, `bench/.build/src/`), so no fixed count of `..` fits all.
 * Without one, `from` itself: reading a file there then fails naming the path.
 */
export function packageRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}
