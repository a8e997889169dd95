// The Deno ES module cells' mocha (test/runtimes/run.ts, docs/toolchains.md#waymarks-own-tests-on-bun-and-deno):
// mocha's own API, loading the preloaded modules and the test files with import(), as mocha's
// command line does for ES modules (Mocha#loadFilesAsync). Not that command line itself: on
// Deno it refuses `--no-config` as an unknown option.
//   deno run -A mocha-import.mjs '{"files":[...],"import":[...],"grep":"...","timeout":30000}'
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const Mocha = createRequire(import.meta.url)('mocha/lib/mocha.cjs');
const { files, import: preload = [], grep, timeout } = JSON.parse(process.argv[2]);
for (const module of preload) await import(module.startsWith('.') ? pathToFileURL(resolve(module)).href : module);
const mocha = new Mocha({ reporter: 'dot', timeout, ...(grep ? { grep, invert: true } : {}) });
for (const file of files) mocha.addFile(resolve(file));
await mocha.loadFilesAsync();
// Then exit, as mocha's --exit does (test/runtimes/mocha-require.cjs says why).
mocha.run((failures) => {
  process.stdout.write('', () => process.exit(failures > 0 ? 1 : 0));
});
