import { expect } from 'chai';
import { Controller, createApp, Get, Route } from '../../src';
import { formatTable, rowsOf } from '../../src/cli/routes';
import { routeNames } from '../../src/typegen/generate';

@Controller('/r', { trailingSlash: 'strict' })
class Mixed {
  @Get(/^\/files\/(?<path>.+)$/, 'file') file() {}
  @Get(/^\/n\/(\d+)$/, 'numbered') numbered() {}
  @Route('PURGE', '/cache/:key', 'purge') purge() {}
}

describe('tools read RegExp and method routes from app.routes (docs/regexp-paths.md, docs/methods.md)', () => {
  const app = createApp({ routes: [Mixed] });

  it('app.routes describes a RegExp path, its groups and whether it reverses, and each route’s trailing-slash mode', () => {
    const [file, numbered, purge] = app.routes;
    expect(file.regexp).to.deep.equal({ source: '^\\/files\\/(?<path>.+)$', flags: '', prefix: '/r', groups: ['path'], irreversible: null });
    expect(numbered.regexp?.irreversible).to.match(/unnamed group/);
    expect([purge.regexp, purge.method, purge.methods, purge.trailingSlash]).to.deep.equal([null, 'PURGE', ['PURGE'], 'strict']);
    expect(Object.isFrozen(file.regexp)).to.equal(true);
  });

  it('waymark routes lists them, saying which RegExp paths cannot be reversed', () => {
    const table = formatTable(rowsOf(app)).split('\n');
    expect(table[1]).to.match(/^GET\s+\/r\/\^\\\/files\\\/\(\?<path>\.\+\)\$\/\s+file\b/);
    expect(table[2]).to.match(/RegExp, not reversible: an unnamed group/);
    expect(table[3]).to.match(/^PURGE\s+\/r\/cache\/:key\s+purge/);
  });

  it('waymark types gives a reversible RegExp route its groups and leaves out one that never reverses', () => {
    const names = Object.fromEntries(routeNames(app.routes).url);
    expect(names).to.deep.equal({ file: ['{ path: string | number }'], purge: ['{ key: string | number }'] });
  });
});
