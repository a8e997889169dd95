import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import { All, Controller, createApp, Get, Head, Post, QueryParameterVersioning } from '../../src';
import { buildRouteTable } from '../../src/table/builder';
import { shadowedRoutes } from '../../src/table/shadow';

@Controller('/t')
class Things {
  @Get('/:id', { name: 'digits', requirements: { id: /\d+/ } }) digits() {
    return 'digits';
  }
  @Get('/:id', { name: 'slug', requirements: { id: '[a-z]+' } }) slug() {
    return 'slug';
  }
  @Get('/:id', { name: 'digits-again', requirements: { id: /\d+/ } }) digitsAgain() {
    return 'digits-again';
  }
  @Post('/:id', { name: 'post', requirements: { id: /\d+/ } }) post() {
    return 'post';
  }
  @Get('/v/x', { name: 'v1', versions: ['v1'] }) v1() {
    return 'v1';
  }
  @Get('/v/x', { name: 'v1v2', versions: ['v1', 'v2'] }) v1v2() {
    return 'v1v2';
  }
  @Get('/v/x', { name: 'every' }) every() {
    return 'every';
  }
  @All('/all/x') all() {
    return 'all';
  }
  @Get('/all/x', 'all-get') allGet() {
    return 'all-get';
  }
}

const table = buildRouteTable([Things]);
const named = (name: string) => table.routes.find((route) => (route.fullName ?? String(route.handler)) === name)!;
const shadows = shadowedRoutes(table.routes);
const noted = (name: string) => {
  const shadow = shadows.get(named(name));
  return shadow && { by: shadow.by.fullName ?? String(shadow.by.handler), versions: shadow.versions };
};

describe('table/shadow', () => {
  it('finds the earlier route with the same method, pattern, requirements and versions', () => {
    expect(noted('digits-again')).to.deep.equal({ by: 'digits', versions: null });
    expect(noted('all-get')).to.deep.equal({ by: 'all', versions: null });
  });

  it('says which versions an earlier route takes when it does not take them all', () => {
    expect(noted('v1v2')).to.deep.equal({ by: 'v1', versions: ['v1'] });
    expect(noted('every')).to.deep.equal({ by: 'v1', versions: ['v1', 'v2'] });
  });

  it('leaves routes alone that differ in method, requirements or versions', () => {
    for (const name of ['digits', 'slug', 'post', 'v1', 'all']) expect(noted(name), name).to.equal(undefined);
    expect(shadows.size).to.equal(4);
  });

  it('agrees with the dispatcher: requests for a shadowed route reach the earlier one', async () => {
    const app = createApp({ routes: [Things], versioning: new QueryParameterVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2', 'v3'] }) });
    const agent = request(app.callback());
    const answers: Record<string, string> = {
      '/t/5': 'digits',
      '/t/abc': 'slug',
      '/t/all/x': 'all',
      '/t/v/x?version=v1': 'v1',
      '/t/v/x?version=v2': 'v1v2',
      '/t/v/x?version=v3': 'every',
    };
    for (const [url, handler] of Object.entries(answers)) expect((await agent.get(url).expect(200)).body, url).to.equal(handler);
  });

  it('is the rule app.openapi() follows: a literal behind a parameter, HEAD behind GET, a wildcard pattern twice', () => {
    @Controller('/s')
    class Behind {
      @Get('/:x', 'param') param() {}
      @Get('/fixed', 'fixed') fixed() {}
      @Head('/:x', 'head') head() {}
      @Get('/files/*path', 'files') files() {}
      @Get('/files/*rest', 'files-again') filesAgain() {}
      @Post('/fixed', 'post-fixed') postFixed() {}
    }
    const routes = buildRouteTable([Behind]).routes;
    const listed = shadowedRoutes(routes);
    const by = (name: string) => listed.get(routes.find((route) => route.name === name)!)?.by.name;
    expect([by('fixed'), by('head'), by('files-again'), by('post-fixed'), by('param')]).to.deep.equal(['param', 'param', 'files', undefined, undefined]);
    const paths = createApp({ routes: [Behind] }).openapi().paths;
    expect(Object.keys(paths)).to.deep.equal(['/s/{x}', '/s/files/{path}', '/s/fixed']);
    expect(Object.keys(paths['/s/fixed'])).to.deep.equal(['post']);
  });
});

describe('table/shadow: against a statement of the rule (property)', () => {
  /** The rule for GET routes of whole segments: an earlier pattern of as many segments takes each one, a parameter any non-empty text or parameter. */
  const takes = (earlier: string[], later: string[]) =>
    earlier.length === later.length && earlier.every((segment, i) => (segment.startsWith(':') ? later[i] !== '' : segment === later[i]));

  it('finds exactly the routes an earlier one takes, read off the source or the tokens alike', () => {
    let shadowedSeen = 0;
    let reachedSeen = 0;
    const segment = fc.constantFrom('a', 'b', '', ':x', ':y');
    fc.assert(
      fc.property(fc.array(fc.array(segment, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 6 }), fc.boolean(), (paths, grouped) => {
        // `grouped`: each pattern also written with an empty optional group at its end, so it is parsed into tokens and forms.
        const controllers = paths.map((segments, i) => {
          class Route {
            handle() {
              return i;
            }
          }
          const source = '/' + segments.map((part, at) => (part.startsWith(':') ? `${part}${at}` : part)).join('/');
          Get(source + (grouped ? '{}' : ''), `r${i}`)(Route.prototype, 'handle', Object.getOwnPropertyDescriptor(Route.prototype, 'handle')!);
          return Controller('')(Route) ?? Route;
        });
        const built = buildRouteTable(controllers);
        const found = shadowedRoutes(built.routes);
        built.routes.forEach((route, i) => {
          const expected = paths.slice(0, i).some((earlier) => takes(earlier, paths[i]));
          expect(found.has(route), `${paths.map((p) => '/' + p.join('/')).join(' ')}: route ${i}`).to.equal(expected);
          if (expected) shadowedSeen++;
          else reachedSeen++;
        });
      }),
      { numRuns: 300 },
    );
    expect([shadowedSeen > 100, reachedSeen > 100]).to.deep.equal([true, true]);
  });
});
