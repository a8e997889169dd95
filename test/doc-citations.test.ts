import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { anchorsOf, ARRIVING, root } from './doc-pages';

/** Every comment of a TypeScript source, found through its syntax tree (so `'api.md'` in a string is not one). */
export function commentsOf(fileName: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const seen = new Set<number>();
  const found: { line: number; text: string }[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      found.push({ line: source.getLineAndCharacterOfPosition(range.pos).line + 1, text: text.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.forEachChild(visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.getFullStart()));
  return found.sort((a, b) => a.line - b.line);
}

/**
 * What a comment must not cite: the design documents that are not in the
 * repository (`api.md`, `versioning.md`, `runner-options.md`,
 * `reliability.md`, "the seed"), or a path outside it. `docs/versioning.md`
 * and `docs/reference/runner-options.md` are pages of the repository and fine.
 */
const OUTSIDE: { name: string; pattern: RegExp }[] = [
  { name: 'api.md', pattern: /(?<![\w/.-])api\.md/ },
  { name: 'versioning.md outside docs/', pattern: /(?<!docs\/(?:reference\/)?)(?<![\w-])versioning\.md/ },
  { name: 'runner-options.md outside docs/', pattern: /(?<!docs\/(?:reference\/)?)(?<![\w-])runner-options\.md/ },
  { name: 'reliability.md', pattern: /(?<![\w-])reliability\.md/ },
  { name: 'style.md', pattern: /(?<![\w-])style\.md/ },
  { name: 'the seed', pattern: /\bseed\b/i },
  { name: 'an absolute path', pattern: /(?:^|[\s(`'"])\/(?:work|home|Users|tmp|shared)\// },
];

/** Problems with the citations of one source file's comments. */
export function citationProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  for (const comment of commentsOf(file, text)) {
    const where = `${relative(root, file)}:${comment.line}`;
    for (const { name, pattern } of OUTSIDE) if (pattern.test(comment.text)) problems.push(`${where} cites ${name}`);
    for (const [, path] of comment.text.matchAll(/(?:^|[\s(`'"])((?:\.\.\/)+[\w./-]+)/g)) {
      if (relative(root, resolve(dirname(file), path)).startsWith('..')) problems.push(`${where} names ${path}, outside the repository`);
    }
    for (const [, page, anchor] of comment.text.matchAll(/\b(docs\/[\w./-]*\.md)(?:#([\w-]+))?/g)) {
      const path = join(root, page);
      if (!existsSync(path)) {
        if (!ARRIVING.includes(page)) problems.push(`${where} cites ${page}, which does not exist`);
      } else if (anchor !== undefined && !anchorsOf(readFileSync(path, 'utf8')).has(anchor)) {
        problems.push(`${where} cites ${page}#${anchor}, which that page has no heading for`);
      }
    }
  }
  return problems;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : sources(path);
    return /\.[cm]?[jt]s$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The code a maintainer reads beside src/: the examples, the benchmarks and the build scripts. */
const AROUND = ['examples', 'bench', 'scripts'];

describe('comments in src/, examples/, bench/, scripts/ and test/ cite the docs/ of the repository', () => {
  it('no comment cites a document outside the repository, and every docs/ page (and anchor) cited exists', () => {
    const files = sources(join(root, 'src'));
    expect(files.length).to.be.greaterThan(50);
    expect(files.flatMap((file) => citationProblems(file, readFileSync(file, 'utf8')))).to.deep.equal([]);
  });

  it('nor do the comments of examples/, bench/ and scripts/', () => {
    const files = AROUND.flatMap((dir) => sources(join(root, dir)));
    expect(files.length).to.be.greaterThan(10);
    expect(files.flatMap((file) => citationProblems(file, readFileSync(file, 'utf8')))).to.deep.equal([]);
  });

  it('nor do the comments of test/ (a random seed is no citation; this file names the documents it refuses)', () => {
    const files = sources(join(root, 'test')).filter((file) => file !== __filename);
    expect(files.length).to.be.greaterThan(200);
    const problems = files.flatMap((file) => citationProblems(file, readFileSync(file, 'utf8'))).filter((problem) => !problem.endsWith('cites the seed'));
    expect(problems).to.deep.equal([]);
  });

  it("nor do test/'s test names and strings (the reasons a DRF difference is kept, say): a reader of the output cannot open the spec either", () => {
    const documents = OUTSIDE.filter(({ name }) => name.endsWith('.md') || name.endsWith('outside docs/'));
    const files = sources(join(root, 'test')).filter((file) => file !== __filename);
    const problems = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.replace(/'(docs|reference)', '/g, '$1/')) // join(root, 'docs', 'versioning.md') names the page of docs/
        .flatMap((line, index) => documents.filter(({ pattern }) => pattern.test(line)).map(({ name }) => `${relative(root, file)}:${index + 1} names ${name}`)),
    );
    expect(problems).to.deep.equal([]);
  });

  it('some comments do cite docs/ pages (the check has something to check)', () => {
    const cited = sources(join(root, 'src')).filter((file) => /\bdocs\/[\w./-]*\.md/.test(readFileSync(file, 'utf8')));
    expect(cited.length).to.be.at.least(30);
  });

  describe('the check itself', () => {
    const file = join(root, 'src', 'http', 'example.ts');
    const problems = (text: string) => citationProblems(file, text);

    it('refuses the design documents that are not in the repository', () => {
      expect(problems('/** Host rules (api.md §9). */\nexport const a = 1;')).to.deep.equal(['src/http/example.ts:1 cites api.md']);
      expect(problems('// versioning.md §5.3\nexport const a = 1;')).to.deep.equal(['src/http/example.ts:1 cites versioning.md outside docs/']);
      expect(problems('/* see runner-options.md decision 5 */ export const a = 1;')).to.have.length(1);
      expect(problems('export const a = 1; // reliability.md P1')).to.have.length(1);
      expect(problems("/** The seed's rule. */\nexport const a = 1;")).to.deep.equal(['src/http/example.ts:1 cites the seed']);
    });

    it('refuses paths outside the repository', () => {
      expect(problems('// ../../../spec/api.md\nexport const a = 1;')).to.include('src/http/example.ts:1 names ../../../spec/api.md, outside the repository');
      expect(problems('// /work/shared/spec/x\nexport const a = 1;')).to.deep.equal(['src/http/example.ts:1 cites an absolute path']);
      expect(problems('// ../errors.ts keeps the catalogue\nexport const a = 1;')).to.deep.equal([]);
    });

    it('accepts the docs/ pages that exist, and refuses missing pages and anchors', () => {
      expect(problems('// docs/versioning.md and docs/reference/versioning.md#url-path\nexport const a = 1;')).to.deep.equal([]);
      expect(problems('// docs/openapi.md\nexport const a = 1;')).to.deep.equal([]);
      expect(problems('// docs/nowhere.md\nexport const a = 1;')).to.deep.equal(['src/http/example.ts:1 cites docs/nowhere.md, which does not exist']);
      expect(problems('// docs/reference/decisions.md#nowhere\nexport const a = 1;')).to.have.length(1);
    });

    it('reads comments only: strings and code may name anything', () => {
      expect(problems("export const a = 'api.md §9';\nexport const b = `the seed`;")).to.deep.equal([]);
    });
  });
});

/** Dependencies that other branches of the same change add (proxy-addr; the docs page's optional peer). Empty it once they have arrived. */
const ARRIVING_DEPENDENCIES: string[] = [];
/** Listed in dependencies but used by tests only; another branch of the same change moves it to devDependencies. Empty it then. */
const LEAVING_DEPENDENCIES = ['jsonc-parser'];

describe('docs/reference/decisions.md: the dependency table and package.json agree', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; peerDependencies?: Record<string, string> };
  const decisions = readFileSync(join(root, 'docs', 'reference', 'decisions.md'), 'utf8');
  const section = decisions.slice(decisions.indexOf('## Dependencies'));
  const listed = [...section.matchAll(/^\| ((?:`[^`]+`(?:, )?)+)/gm)].flatMap((match) => [...match[1].matchAll(/`([^`]+)`/g)].map((name) => name[1]));

  it('every dependency and peer dependency of package.json has a row saying what it is for', () => {
    const declared = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies ?? {})];
    expect(declared.filter((name) => !listed.includes(name) && !LEAVING_DEPENDENCIES.includes(name))).to.deep.equal([]);
  });

  it('every row names a dependency of package.json', () => {
    const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies ?? {}), ...ARRIVING_DEPENDENCIES]);
    expect(listed).to.include('koa');
    expect(listed.filter((name) => !declared.has(name))).to.deep.equal([]);
  });
});
