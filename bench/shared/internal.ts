import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A module of src/ that the package root does not export, from the same copy
 * as the root's. After `npm run bench`'s build, `../../src` is the bundle
 * (scripts/bundle.js), and a plain `import` of `src/table/builder` would load
 * tsc's per-file copy: its own metadata store, blind to what the bundle's
 * decorators recorded. The bundle hands out its modules by file name.
 */
export function internal<T>(path: string): T {
  const bundle = join(__dirname, '..', '..', 'src', 'bundle.js');
  if (existsSync(bundle)) return (require(bundle) as { module(file: string): T }).module(`${path}.js`);
  return require(join(__dirname, '..', '..', 'src', path)) as T;
}
