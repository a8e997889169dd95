#!/usr/bin/env node
'use strict';
// In a checkout (tsconfig.json is not published), run the TypeScript sources through the
// repository's ts-node; once installed, the compiled dist/.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
let cli;
if (existsSync(join(root, 'tsconfig.json')) && existsSync(join(root, 'src', 'cli', 'main.ts'))) {
  require('ts-node').register({ project: join(root, 'tsconfig.json') });
  cli = require('../src/cli/main.ts');
} else if (existsSync(join(root, 'dist', 'cli', 'main.js'))) {
  cli = require('../dist/cli/main.js');
} else {
  // An install from git whose prepare script did not run (npm can be told to skip it).
  console.error(`waymark: ${join(root, 'dist')} is missing: this copy was never built. Reinstall it, or run \`npm run build\` in ${root}.`);
  process.exit(1);
}
// Exit once the output is written: a module that listens (or holds any other handle) on
// import must not keep `waymark routes` running. `check-contract` answers with a promise.
// A synchronous answer exits at once, before a listening module's callbacks can print to stdout.
const exitWhenWritten = (status) => {
  let pending = 2;
  const done = () => --pending === 0 && process.exit(status);
  process.stdout.write('', done);
  process.stderr.write('', done);
};
const answer = cli.main(process.argv.slice(2));
if (answer instanceof Promise) answer.then(exitWhenWritten);
else exitWhenWritten(answer);
