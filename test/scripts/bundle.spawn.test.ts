import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = join(__dirname, '..', '..', 'scripts', 'bundle.js');

describe('scripts/bundle.js', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'waymark-bundle-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes an ASCII-only library, so that V8 holds its source one byte a character: a non-ASCII comment becomes ?', () => {
    // A doc comment in a class body: esbuild keeps it as written (strings it escapes itself).
    const code = ['"use strict";', 'class Range {', '  /** ±2^53 → café */', '  label() { return "café ±"; }', '}', 'exports.Range = Range;', ''];
    writeFileSync(join(dir, 'index.js'), code.join('\n'));
    execFileSync(process.execPath, [script, dir]);
    const bundle = readFileSync(join(dir, 'bundle.js'), 'utf8');
    expect(bundle).to.match(/^[\x00-\x7f]*$/);
    expect(bundle).to.include('/** ?2^53 ? caf? */');
    const { Range } = require(join(dir, 'index.js')) as { Range: new () => { label(): string } };
    expect(new Range().label()).to.equal('café ±');
  });
});
