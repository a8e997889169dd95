import { expect } from 'chai';
import { join } from 'node:path';
import { Controller, createApp, Get } from '../../src';
import { root, run } from '../cli/run';
import { warningsOf } from './warnings-of';

const sharedNameWarnings = (build: () => unknown) => warningsOf(build, 'WMWRN001');

@Controller('/a')
class A {
  @Get('/x', 'same') x() {}
  @Get('/y', 'same') y() {}
  @Get('/z', 'alone') z() {}
}

describe('table/duplicate-names: one name on routes with different paths (duplicate_route_names)', () => {
  it('warns at build, once per app and per name, as a WaymarkWarning with a code', async () => {
    const warnings = await sharedNameWarnings(() => {
      createApp({ routes: [A] });
      createApp({ routes: [A] });
    });
    expect(warnings.map((w) => [w.name, w.message])).to.deep.equal([
      ['WaymarkWarning', "The route name 'same' is on routes with different paths ('/a/x', '/a/y') for the same versions; reversal reaches only one of them. Give each its own name, or disjoint versions."],
      ['WaymarkWarning', "The route name 'same' is on routes with different paths ('/a/x', '/a/y') for the same versions; reversal reaches only one of them. Give each its own name, or disjoint versions."],
    ]);
  });

  it('does not warn for one name on one path (several methods) or on paths for disjoint versions', async () => {
    @Controller('/b')
    class B {
      @Get('/x', 'same') x() {}
      @Get('/x', { name: 'moved', versions: ['v1'] }) v1() {}
      @Get('/y', { name: 'moved', versions: ['v2'] }) v2() {}
    }
    expect(await sharedNameWarnings(() => createApp({ routes: [B] }))).to.deep.equal([]);
  });

  it('is marked in waymark routes, in the table and in --json', async () => {
    const fixture = join(root, 'test/fixtures/cli/shared-names.ts');
    let table = '';
    await sharedNameWarnings(() => (table = run(['routes', fixture]).out));
    expect(table.split('\n').map((line) => line.split(/\s{2,}/).at(-1))).to.deep.equal([
      'NOTE',
      '! name also on /books/by-isbn/:isbn',
      '! name also on /books/by-isbn/:isbn',
      '! name also on /books/:id',
      // GET /books/moved is matched by /books/:id, registered first (docs/cli.md: shadowing)
      'shadowed by book',
      'shadowed by book',
    ]);
    let json = '';
    await sharedNameWarnings(() => (json = run(['routes', fixture, '--json']).out));
    expect(JSON.parse(json).map((row: { sharesNameWith: unknown }) => row.sharesNameWith)).to.deep.equal([['/books/by-isbn/:isbn'], ['/books/by-isbn/:isbn'], ['/books/:id'], null, null]);
  });
});
