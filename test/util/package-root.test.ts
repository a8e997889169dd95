import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/util/package-root';

describe('packageRoot', () => {
  it("finds waymark's own package.json from src/util (the default)", () => {
    expect(JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).name).to.equal('waymark');
  });

  it('finds the nearest package.json at any depth: one level (dist/bundle.js) or two (dist/cli/main.js)', () => {
    const root = mkdtempSync(join(tmpdir(), 'waymark-root-'));
    try {
      writeFileSync(join(root, 'package.json'), '{}');
      mkdirSync(join(root, 'dist', 'cli'), { recursive: true });
      expect([packageRoot(join(root, 'dist')), packageRoot(join(root, 'dist', 'cli')), packageRoot(root)]).to.deep.equal([root, root, root]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
