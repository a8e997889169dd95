#!/usr/bin/env node
'use strict';
// `npm pack` / `npm publish` ship package.json as it is on disk. `prepare` is what builds dist/
// when waymark is installed from a git URL, but in a tarball (dist/ already built) it only makes
// npm 11 warn that the package has an install script not covered by allowScripts. So prepack
// builds, then writes package.json without `prepare` (keeping the original beside it), and
// postpack puts the original back. docs/getting-started.md says how each way of installing builds.
const { existsSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const manifest = join(__dirname, '..', 'package.json');
const kept = join(__dirname, '..', '.package.json.prepack');

const step = process.argv[2];
if (step === 'strip') {
  if (existsSync(kept)) throw new Error(`${kept} exists: a pack was interrupted. Move it back to package.json, then pack again.`);
  const text = readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text);
  writeFileSync(kept, text);
  delete pkg.scripts.prepare;
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (step === 'restore') {
  if (existsSync(kept)) renameSync(kept, manifest);
} else {
  throw new Error('usage: node scripts/pack-manifest.js strip|restore');
}
