import { expect } from 'chai';
import { Controller, Get, include, NoReverseMatch } from '../../src';
import { buildRouteTable } from '../../src/table/builder';
import { resolveNamespace } from '../../src/table/namespaces';
import { reversePath } from '../../src/table/reverse';

@Controller()
class Polls {
  @Get('/', 'index') index() {}
}

/** Django's `tests/urlpatterns_reverse` shapes: one app mounted as several instances. */
const table = buildRouteTable([
  include('/default', [Polls], { appName: 'polls' }),
  include('/other', [Polls], { namespace: 'other', appName: 'polls' }),
  include('/outer', [include('/inner', [Polls], { namespace: 'inner' })], { namespace: 'outer' }),
  include('/flat', [include('/deeper', [Polls], { namespace: 'deep' })]),
]);

describe('table/namespaces', () => {
  it('resolves an application namespace to its default instance (named like the app)', () => {
    expect(reversePath(table, 'polls:index')).to.equal('/default');
  });

  it('resolves to the current instance when currentApp names one of the app instances', () => {
    expect(reversePath(table, 'polls:index', undefined, 'other')).to.equal('/other');
    expect(reversePath(table, 'polls:index', undefined, 'unrelated')).to.equal('/default');
  });

  it('without a default instance, uses the last instance mounted', () => {
    const noDefault = buildRouteTable([
      include('/a', [Polls], { namespace: 'a', appName: 'app' }),
      include('/b', [Polls], { namespace: 'b', appName: 'app' }),
    ]);
    expect(reversePath(noDefault, 'app:index')).to.equal('/b');
    expect(reversePath(noDefault, 'app:index', undefined, 'a')).to.equal('/a');
    expect(reversePath(noDefault, 'a:index')).to.equal('/a');
  });

  it('walks nested instance namespaces, and flattens includes without one', () => {
    expect(reversePath(table, 'outer:inner:index')).to.equal('/outer/inner');
    expect(reversePath(table, 'deep:index')).to.equal('/flat/deeper');
  });

  it('follows currentApp only while its path agrees with the name', () => {
    const nested = buildRouteTable([
      include('/x', [include('/p1', [Polls], { namespace: 'p1', appName: 'polls' }), include('/p2', [Polls], { namespace: 'p2', appName: 'polls' })], { namespace: 'x', appName: 'outer' }),
      include('/y', [include('/p1', [Polls], { namespace: 'p1', appName: 'polls' })], { namespace: 'y', appName: 'outer' }),
    ]);
    expect(reversePath(nested, 'outer:polls:index', undefined, 'x:p1')).to.equal('/x/p1');
    expect(reversePath(nested, 'outer:polls:index', undefined, 'y:p1')).to.equal('/y/p1');
    expect(reversePath(nested, 'outer:polls:index')).to.equal('/y/p1');
  });

  it('merges includes that share an instance namespace, searching them in registration order', () => {
    @Controller()
    class A {
      @Get('/a', 'a') a() {}
    }
    @Controller()
    class B {
      @Get('/b', 'b') b() {}
    }
    const merged = buildRouteTable([include('/one', [A], { namespace: 'ns' }), include('/two', [B], { namespace: 'ns' })]);
    expect(reversePath(merged, 'ns:a')).to.equal('/one/a');
    expect(reversePath(merged, 'ns:b')).to.equal('/two/b');
  });

  it('names the unknown namespace and where it was looked for', () => {
    expect(() => resolveNamespace(table.root, ['nope'])).to.throw(NoReverseMatch, "'nope' is not a registered namespace.");
    expect(() => resolveNamespace(table.root, ['outer', 'nope'])).to.throw(NoReverseMatch, "'nope' is not a registered namespace inside 'outer'");
  });
});
