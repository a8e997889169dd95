import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cells, excluded, fileExcluded, testsExcluded } from './cells';

const root = join(__dirname, '..', '..');

// The runtimes suite's one list of exclusions (docs/toolchains.md#waymarks-own-tests-on-bun-and-deno)
// names only what exists, each entry with its reason, so a renamed test cannot hide in it.
describe('runtimes suite: the list of exclusions', () => {
  it('names existing test files, known cells and a reason for each entry', () => {
    const names = new Set(cells.map((cell) => cell.name));
    for (const entry of excluded) {
      expect(existsSync(join(root, entry.file)), entry.file).to.equal(true);
      expect(entry.cells, entry.file).to.not.be.empty;
      for (const cell of entry.cells) expect(names.has(cell), `${entry.file}: ${cell}`).to.equal(true);
      expect(entry.reason.length, entry.file).to.be.greaterThan(20);
    }
  });

  it('names single tests by a full title that starts with a describe of their file', () => {
    let titled = 0;
    for (const entry of excluded) {
      if (entry.test === undefined) continue;
      const source = readFileSync(join(root, entry.file), 'utf8');
      const describes = [...source.matchAll(/describe\((['"`])(.+?)\1/g)].map((match) => match[2]);
      expect(describes.some((describe) => entry.test!.startsWith(`${describe} `)), `${entry.file}: "${entry.test}"`).to.equal(true);
      titled++;
    }
    expect(titled).to.be.at.least(5);
  });

  it('keeps a file out of a cell as a whole, or single tests of it, per cell', () => {
    expect(fileExcluded('test/util/keys.test.ts', 'bun-source')).to.equal(true);
    expect(fileExcluded('test/util/keys.test.ts', 'deno-esm-source')).to.equal(false);
    expect(fileExcluded('test/reliability/paths.test.ts', 'bun-source')).to.equal(false);
    expect(testsExcluded('bun-source').some((title) => title.includes('OPTIONS *'))).to.equal(true);
    expect(testsExcluded('deno-esm-source').some((title) => title.includes('OPTIONS *'))).to.equal(false);
  });
});
