import { expect } from 'chai';
import { Controller, Get, include, Use } from '../../src';
import { planRoutes } from '../../src/http/middleware';
import { buildRouteTable } from '../../src/table/builder';

const pass = async (_ctx: unknown, next: () => Promise<unknown>) => next();

@Controller('/m')
class M {
  @Get('/bare', 'bare') bare() {}
  @Get('/guarded', 'guarded') @Use(pass) guarded() {}
}

describe('http/middleware', () => {
  it('composes a route’s middleware once, when the app is built; a route without any gets none', () => {
    const table = buildRouteTable([include('/x', [M], { use: [pass] }), M]);
    const plans = planRoutes(table.routes, { resolve: undefined, bodyLimit: 1024 });
    const around = table.routes.map((route) => [route.fullName, route.pattern.source, route.middleware.length, typeof plans.get(route)?.around]);
    expect(around).to.deep.equal([
      ['bare', '/x/m/bare', 1, 'function'],
      ['guarded', '/x/m/guarded', 2, 'function'],
      ['bare', '/m/bare', 0, 'object'],
      ['guarded', '/m/guarded', 1, 'function'],
    ]);
    const bare = table.routes[2];
    expect(plans.get(bare)?.around).to.equal(null);
  });

  it('shares one controller instance between the routes of a class, per app', () => {
    const table = buildRouteTable([M]);
    const one = planRoutes(table.routes, { resolve: undefined, bodyLimit: 1024 });
    const two = planRoutes(table.routes, { resolve: undefined, bodyLimit: 1024 });
    const [a, b] = table.routes;
    expect(one.get(a)?.instance).to.equal(one.get(b)?.instance).and.be.instanceOf(M);
    expect(one.get(a)?.instance).to.not.equal(two.get(a)?.instance);
  });
});
