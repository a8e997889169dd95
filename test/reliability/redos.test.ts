import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { Controller, Get, HostNameVersioning } from '../../src';
import { formsOf } from '../../src/routing/tree/steps';
import { runtimeOf } from '../../src/runtime';
import { globToRegExp } from '../../src/runner-options/paths';
import { buildRouteTable } from '../../src/table/builder';
import type { RouteRecord } from '../../src/model/route';
import { createSampleApp } from '../../examples/app';

const root = join(__dirname, '..', '..');

/** Route shapes behind the path-to-regexp and find-my-way ReDoS advisories (docs/reference/hostile-input.md). */
@Controller()
class Shapes {
  @Get('/:a-:b', 'two-in-one') a() {}
  @Get('/x/:a-:b-:c-:d', 'four-in-one') b() {}
  @Get('/y/:a.:b', 'dotted') c() {}
  @Get('/z/*rest', 'wildcard') d() {}
  @Get('/w/*path.:ext', 'wildcard-then-param') e() {}
  @Get('/o{/:a}{/:b}{/:c}{/:d}', 'optional-groups') f() {}
  @Get('/r/:id', { name: 'requirement', requirements: { id: /\d+/, } }) g() {}
  @Get('/s/:slug', { name: 'string-requirement', requirements: { slug: '[a-z0-9]+(?:-[a-z0-9]+)*' } }) h() {}
  @Get('/café/:item', 'non-ascii') i() {}
}

/** Every regular expression matching runs for these routes: the tree's mixed-segment and tail expressions, and requirements. */
function expressions(routes: readonly RouteRecord[]): RegExp[] {
  return routes.flatMap((route) => [
    ...formsOf(route.pattern.tokens).flatMap((form) => form.steps.flatMap((step) => ('regex' in step ? [step.regex] : []))),
    ...route.requirements.values(),
  ]);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every regular-expression literal written in src/. */
function literals(): RegExp[] {
  const found: RegExp[] = [];
  for (const file of sourceFiles(join(root, 'src'))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(source);
        const end = text.lastIndexOf('/');
        found.push(new RegExp(text.slice(1, end), text.slice(end + 1)));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function expectSafe(regexp: RegExp, where: string) {
  const result = checkSync(regexp.source, regexp.flags, { timeout: 10_000 });
  expect(result.status, `${where}: /${regexp.source}/${regexp.flags} ${result.status === 'vulnerable' ? `attack ${JSON.stringify(result.attack?.pattern)}` : ''}`).to.equal('safe');
}

describe('reliability: ReDoS (recheck over every compiled regular expression)', function () {
  this.timeout(120_000);

  it('route regexes and requirements, for advisory-shaped routes and for the sample app under every scheme', () => {
    const found = expressions(buildRouteTable([Shapes]).routes);
    for (const versioning of [undefined, 'accept-header', 'url-path', 'namespace', 'host-name', 'query-parameter']) {
      found.push(...expressions(runtimeOf(createSampleApp(versioning)).table.routes));
    }
    expect(found.length).to.be.at.least(15);
    for (const regexp of new Map(found.map((r) => [`${r.source}/${r.flags}`, r])).values()) expectSafe(regexp, 'route');
  });

  it('every regular-expression literal in src/', () => {
    const found = literals();
    expect(found.length).to.be.at.least(15);
    for (const regexp of found) expectSafe(regexp, 'literal');
  });

  it('the host-name default pattern and moduleTypes globs', () => {
    expectSafe(new HostNameVersioning().hostnameRegex, 'hostnameRegex');
    // A glob with two or more '**' compiles, as in TypeScript and ts-node, to a polynomial pattern
    // ('a/**/b/**/c'); moduleTypes only ever tests the project's own file paths, never request data.
    for (const glob of ['src/**/*', 'src/cjs-subdir', 'webpack.config.ts', '**/*.?ts']) expectSafe(globToRegExp(glob, '/proj'), `moduleTypes ${glob}`);
  });
});
