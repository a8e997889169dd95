import { DEFAULT_PARSE_LIMITS } from '../../src/bodies/parsers/limits';
import { expect } from 'chai';
import { Controller, Get, include, Use } from '../../src';
import { planRoutes } from '../../src/plan/routes';
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
    const plans = planRoutes(table.routes, { resolve: undefined, parsers: [], limits: DEFAULT_PARSE_LIMITS, validateResponses: false });
    const around = table.routes.map((route, index) => [route.fullName, route.pattern.source, route.middleware.length, typeof plans[index].around]);
    expect(around).to.deep.equal([
      ['bare', '/x/m/bare', 1, 'function'],
      ['guarded', '/x/m/guarded', 2, 'function'],
      ['bare', '/m/bare', 0, 'object'],
      ['guarded', '/m/guarded', 1, 'function'],
    ]);
    expect(plans[2].around).to.equal(null);
  });

  it('shares one controller instance between the routes of a class, per app', () => {
    const table = buildRouteTable([M]);
    const one = planRoutes(table.routes, { resolve: undefined, parsers: [], limits: DEFAULT_PARSE_LIMITS, validateResponses: false });
    const two = planRoutes(table.routes, { resolve: undefined, parsers: [], limits: DEFAULT_PARSE_LIMITS, validateResponses: false });
    expect(one[0].instance).to.equal(one[1].instance).and.be.instanceOf(M);
    expect(one[0].instance).to.not.equal(two[0].instance);
  });

  it('gives routes of one controller whose handlers take no arguments and have no middleware one plan', () => {
    @Controller('/p')
    class P {
      @Get('/a', 'a') a() {}
      @Get('/b', 'b') b() {}
      @Get('/c', 'c') @Use(pass) c() {}
    }
    const plans = planRoutes(buildRouteTable([P, M]).routes, { resolve: undefined, parsers: [], limits: DEFAULT_PARSE_LIMITS, validateResponses: false });
    expect(plans).to.have.length(5);
    expect(plans[0]).to.equal(plans[1]);
    expect(plans[2]).to.not.equal(plans[0]); // its own middleware
    expect(plans[3]).to.not.equal(plans[0]); // another controller's instance
    expect(plans[3].instance).to.be.instanceOf(M);
  });
});
