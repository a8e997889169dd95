import { expect } from 'chai';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { blocks, docPages, readPage, root } from './doc-pages';
import { started } from './readme-node-test';

const scratch = join(root, '.tmp', 'readme');

/**
 * The `ts` blocks of README.md and of every page of docs/, each a program
 * that asserts what it shows. A block whose first line is `// src/<file>.ts`
 * is written to that path, so a later block of the same page can import it
 * (`from './app'`); each page has a scratch folder of its own, so pages that
 * both write `src/app.ts` do not collide. A `// src/server.ts` block is the
 * module a user runs, which listens (docs/getting-started.md#an-app-module-and-a-server-module):
 * it runs in a process of its own with `PORT=0` until it says it listens.
 */
describe('README and docs/: every ts block runs', () => {
  before(() => mkdirSync(scratch, { recursive: true }));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('the README and the guides have code to run', () => {
    expect(blocks(readPage('README.md'), 'ts').length).to.be.at.least(1);
    expect(docPages().flatMap((page) => blocks(readPage(page), 'ts')).length).to.be.at.least(20);
  });

  for (const page of docPages()) {
    describe(page, () => {
      blocks(readPage(page), 'ts').forEach((code, index) => {
        const firstLine = code.split('\n').find((line) => line.startsWith('@Controller') || line.startsWith('class') || line.startsWith('// src/')) ?? '';
        it(`snippet ${index + 1} runs (${firstLine.trim()})`, async () => {
          const named = /^\/\/ (src\/[\w./-]+\.ts)\n/.exec(code)?.[1];
          const file = join(scratch, page.replace(/\.md$/, '').replaceAll('/', '__'), named ?? `snippet-${index + 1}.ts`);
          const source = code
            .replaceAll("from 'waymark/runner-options'", `from ${JSON.stringify(join(root, 'src', 'runner-options'))}`)
            .replaceAll("from 'waymark/testing'", `from ${JSON.stringify(join(root, 'src', 'testing'))}`)
            .replaceAll("from 'mocha'", `from ${JSON.stringify(join(__dirname, 'readme-node-test'))}`)
            .replaceAll("from 'waymark'", `from ${JSON.stringify(join(root, 'src'))}`)
            .replaceAll("from 'node:test'", `from ${JSON.stringify(join(__dirname, 'readme-node-test'))}`);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, source);
          if (named === 'src/server.ts') return listens(file);
          const loaded = require(file) as { done?: Promise<void> };
          await loaded.done;
          await Promise.all(started.splice(0));
        });
      });
    });
  }
});

/** Runs a server module in a process of its own until it prints that it listens, then stops it. */
async function listens(file: string): Promise<void> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register', file], { cwd: root, env: { ...process.env, PORT: '0' } });
  try {
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const take = (chunk: Buffer) => {
        out += chunk;
        if (/listening on /.test(out)) resolve();
      };
      child.stdout.on('data', take);
      child.stderr.on('data', (chunk: Buffer) => (out += chunk));
      child.once('exit', (code) => reject(new Error(`${file} exited with ${code} before it listened: ${out}`)));
    });
  } finally {
    child.kill();
  }
}
