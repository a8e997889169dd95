import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPeer, loadPeer } from '../../src/util/peer';

describe('util/peer: optional peers found at run time, not by a literal require', () => {
  it("finds a peer beside waymark, and one only the app's project (the working directory) has", () => {
    expect(findPeer('@opentelemetry/api')).to.equal(require.resolve('@opentelemetry/api'));
    const project = realpathSync(mkdtempSync(join(tmpdir(), 'waymark-peer-')));
    const cwd = process.cwd();
    try {
      mkdirSync(join(project, 'node_modules', 'waymark-test-peer'), { recursive: true });
      writeFileSync(join(project, 'node_modules', 'waymark-test-peer', 'index.js'), 'module.exports = { answer: 42 };');
      expect(() => findPeer('waymark-test-peer')).to.throw().with.property('code', 'MODULE_NOT_FOUND');
      process.chdir(project);
      expect(findPeer('waymark-test-peer')).to.equal(join(project, 'node_modules', 'waymark-test-peer', 'index.js'));
      expect(loadPeer<{ answer: number }>('waymark-test-peer').answer).to.equal(42);
    } finally {
      process.chdir(cwd);
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('a peer installed nowhere is Node\'s MODULE_NOT_FOUND, naming it, for the feature to explain', () => {
    expect(() => loadPeer('waymark-no-such-peer')).to.throw(/Cannot find module 'waymark-no-such-peer'/).with.property('code', 'MODULE_NOT_FOUND');
  });
});

describe('no literal require of an optional peer in the library (a bundler would have to resolve it)', () => {
  it('src/ outside the tools names an optional peer only through util/peer.ts', () => {
    const { peerDependencies } = require('../../package.json') as { peerDependencies: Record<string, string> };
    const src = join(__dirname, '..', '..', 'src');
    const found: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        // The CLI and runner-options load the project's TypeScript and ts-node: tools, not reached from the package root.
        if (entry.isDirectory()) {
          if (!['cli', 'runner-options'].includes(entry.name)) walk(path);
        } else if (entry.name.endsWith('.ts')) {
          const text = readFileSync(path, 'utf8');
          for (const peer of Object.keys(peerDependencies)) {
            if (new RegExp(`require(?:\\.resolve)?\\(\\s*['"\`]${peer.replace('/', '\\/')}['"\`/]`).test(text)) found.push(`${path.slice(src.length + 1)}: ${peer}`);
          }
        }
      }
    };
    walk(src);
    expect(Object.keys(peerDependencies)).to.include.members(['@opentelemetry/api', 'swagger-ui-dist', 'fast-check']);
    expect(found).to.deep.equal([]);
  });
});
