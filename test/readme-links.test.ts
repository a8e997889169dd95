import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('README links', () => {
  it('every relative link names a file or folder inside the repository', () => {
    const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]).filter((target) => !/^[a-z]+:|^#/.test(target));
    expect(targets).to.not.be.empty;
    for (const target of targets) {
      const path = resolve(root, target.split('#')[0]);
      expect(relative(root, path).startsWith('..'), target).to.equal(false);
      expect(existsSync(path), target).to.equal(true);
    }
  });

  it('names no path outside the repository, in links or in code', () => {
    expect(readme.match(/(?:^|[\s(`'"])\.\.\/[\w./-]+/gm) ?? []).to.deep.equal([]);
  });
});
