import { expect } from 'chai';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { anchorsOf, ARRIVING, docPages, readPage, root } from './doc-pages';

/** Every `](target)` of a page outside code blocks that is not a URL. */
function relativeLinks(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('README and docs/ links', () => {
  for (const page of docPages()) {
    describe(page, () => {
      const markdown = readPage(page);

      it('every relative link names a file or folder inside the repository, and an anchor that page has', () => {
        for (const target of relativeLinks(markdown)) {
          const [file, anchor] = target.split('#');
          const path = file === '' ? join(root, page) : resolve(root, dirname(page), file);
          const inRepo = relative(root, path).split('\\').join('/');
          expect(inRepo.startsWith('..'), `${page}: ${target}`).to.equal(false);
          if (!existsSync(path) && ARRIVING.includes(inRepo)) continue;
          expect(existsSync(path), `${page}: ${target}`).to.equal(true);
          if (anchor !== undefined && statSync(path).isFile() && path.endsWith('.md')) {
            expect([...anchorsOf(readFileSync(path, 'utf8'))], `${page}: ${target}`).to.include(anchor);
          }
        }
      });

      it('names no path outside the repository, in links or in code', () => {
        const outside = [...markdown.matchAll(/(?:^|[\s(`'"])((?:\.\.\/)+[\w./-]*)/gm)]
          .map((match) => match[1])
          .filter((path) => relative(root, resolve(root, dirname(page), path)).startsWith('..'));
        expect(outside).to.deep.equal([]);
      });
    });
  }

  it('README links every guide of docs/', () => {
    const readme = readPage('README.md');
    for (const page of docPages().filter((p) => /^docs\/[^/]+\.md$/.test(p) && p !== 'docs/README.md')) {
      expect(readme, page).to.include(`](${page})`);
    }
  });

  it('the docs index links every page of docs/', () => {
    const index = readPage('docs/README.md');
    for (const page of docPages().filter((p) => p.startsWith('docs/') && p !== 'docs/README.md')) {
      expect(index, page).to.include(`](${page.slice('docs/'.length)})`);
    }
  });

  it('anchors follow GitHub: `Versioning, one` and code spans', () => {
    expect([...anchorsOf('# A `"ts-node"` block\n## Versioning, one\n## Versioning, one\n```\n# not a heading\n```')]).to.deep.equal([
      'a-ts-node-block',
      'versioning-one',
      'versioning-one-1',
    ]);
  });
});
