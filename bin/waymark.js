#!/usr/bin/env node
'use strict';
// In a checkout, run the TypeScript sources through ts-node; once installed, the compiled dist/.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const source = join(__dirname, '..', 'src', 'cli', 'main.ts');
let cli;
if (existsSync(source)) {
  require('ts-node').register({ project: join(__dirname, '..', 'tsconfig.json') });
  cli = require(source);
} else {
  // A .ts module given on the command line needs ts-node from the user's project.
  if (process.argv.some((arg) => arg.endsWith('.ts'))) {
    try {
      require(require.resolve('ts-node/register', { paths: [process.cwd()] }));
    } catch {
      // Plain .js modules still work; a .ts one will fail with Node's own message.
    }
  }
  cli = require('../dist/cli/main.js');
}
process.exitCode = cli.main(process.argv.slice(2));
