import { expect } from 'chai';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { started } from './readme-node-test';

const root = join(__dirname, '..');
const scratch = join(root, '.tmp', 'readme');

/**
 * The README's `ts` blocks, each a program that asserts what it shows. A block
 * whose first line is `// src/<file>.ts` is written to that path, so a later
 * block can import it (`from './app'`).
 */
function snippets(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
}

describe('README', () => {
  before(() => mkdirSync(scratch, { recursive: true }));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('has code to run', () => {
    expect(snippets().length).to.be.at.least(4);
  });

  snippets().forEach((code, index) => {
    const firstLine = code.split('\n').find((line) => line.startsWith('@Controller') || line.startsWith('class') || line.startsWith('// src/')) ?? '';
    it(`snippet ${index + 1} runs (${firstLine.trim()})`, async () => {
      const named = /^\/\/ (src\/[\w./-]+\.ts)\n/.exec(code)?.[1];
      const file = join(scratch, named ?? `snippet-${index + 1}.ts`);
      const source = code
        .replaceAll("from 'waymark/runner-options'", `from ${JSON.stringify(join(root, 'src', 'runner-options'))}`)
        .replaceAll("from 'waymark'", `from ${JSON.stringify(join(root, 'src'))}`)
        .replaceAll("from 'node:test'", `from ${JSON.stringify(join(__dirname, 'readme-node-test'))}`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, source);
      const loaded = require(file) as { done?: Promise<void> };
      await loaded.done;
      await Promise.all(started.splice(0));
    });
  });
});
