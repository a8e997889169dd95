import { expect } from 'chai';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const scratch = join(root, '.tmp', 'readme');

/** The README's `ts` blocks, each a program that asserts what it shows. */
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
    const firstLine = code.split('\n').find((line) => line.startsWith('@Controller') || line.startsWith('class')) ?? '';
    it(`snippet ${index + 1} runs (${firstLine.trim()})`, async () => {
      const file = join(scratch, `snippet-${index + 1}.ts`);
      const source = code
        .replaceAll("from 'waymark/runner-options'", `from ${JSON.stringify(join(root, 'src', 'runner-options'))}`)
        .replaceAll("from 'waymark'", `from ${JSON.stringify(join(root, 'src'))}`);
      writeFileSync(file, source);
      const loaded = require(file) as { done?: Promise<void> };
      await loaded.done;
    });
  });
});
