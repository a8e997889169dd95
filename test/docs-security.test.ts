import { expect } from 'chai';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { started } from './readme-node-test';

const root = join(__dirname, '..');
const scratch = join(root, '.tmp', 'docs-security');

/** docs/security.md's `ts` blocks (its recipes), each a program that asserts what it shows, run as the README's are. */
function blocks(): string[] {
  return [...readFileSync(join(root, 'docs/security.md'), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
}

describe('docs/security.md', () => {
  before(() => mkdirSync(scratch, { recursive: true }));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('has its four recipes', () => {
    expect(blocks()).to.have.length(4);
  });

  blocks().forEach((code, index) => {
    const title = /test\('([^']+)'/.exec(code)?.[1] ?? `block ${index + 1}`;
    it(`recipe runs: ${title}`, async () => {
      const file = join(scratch, `block-${index + 1}.ts`);
      const source = code
        .replaceAll("from 'waymark'", `from ${JSON.stringify(join(root, 'src'))}`)
        .replaceAll("from 'node:test'", `from ${JSON.stringify(join(__dirname, 'readme-node-test'))}`);
      writeFileSync(file, source);
      const loaded = require(file) as { done?: Promise<void> };
      await loaded.done;
      await Promise.all(started.splice(0));
    });
  });

  it('cites test files that exist', () => {
    const cited = new Set([...readFileSync(join(root, 'docs/security.md'), 'utf8').matchAll(/`(test\/[\w/.-]+\.ts)`/g)].map((m) => m[1]));
    expect(cited.size).to.be.at.least(20);
    for (const file of cited) expect(() => readFileSync(join(root, file)), file).to.not.throw();
  });
});
