// The Deno CommonJS cell's mocha (test/runtimes/run.ts, docs/toolchains.md#waymarks-own-tests-on-bun-and-deno):
// mocha's own API, loading the test files with require() as mocha does on Node. Mocha's command
// line cannot be used on Deno: it refuses `--no-config` as unknown. The ES module cells' mocha is
// test/runtimes/mocha-import.mjs.
//   deno run -A mocha-require.cjs '{"files":[...],"require":[...],"grep":"...","timeout":30000}'
const Mocha = require('mocha/lib/mocha.cjs');
const { resolve } = require('node:path');

const { files, require: preload = [], grep, timeout } = JSON.parse(process.argv[2]);
for (const module of preload) require(module.startsWith('.') ? resolve(module) : module);
const mocha = new Mocha({ reporter: 'dot', timeout, ...(grep ? { grep, invert: true } : {}) });
for (const file of files) mocha.addFile(resolve(file));
// Then exit, as mocha's --exit does: Deno's process stayed alive about two minutes after the
// last test (a handle that Node does not keep open; not identified further).
mocha.run((failures) => {
  process.stdout.write('', () => process.exit(failures > 0 ? 1 : 0));
});
