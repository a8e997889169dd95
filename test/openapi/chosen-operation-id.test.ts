import { expect } from 'chai';
import { Body, Controller, createApp, Get, ImproperlyConfigured, Post, URLPathVersioning, include } from '../../src';

describe('openapi: RouteOptions.operationId (docs/openapi.md#operation-ids)', () => {
  @Controller('/users')
  class Users {
    @Post('/login', { name: 'login', operationId: 'Login' }) login(@Body() body: object) {
      return body;
    }
    @Get('', { name: 'list' }) list() {
      return [];
    }
  }

  it("replaces the derived id, keeps the route's name in x-waymark-route, and steps derived ids around it", () => {
    @Controller('/other')
    class Other {
      // Derived as `Login` too: it must not take the chosen id, whichever comes first.
      @Get('', { name: 'Login' }) other() {
        return 1;
      }
    }
    const app = createApp({ routes: [include('/api', [Other, Users], { namespace: 'api' })] });
    const { paths } = app.openapi();
    expect(paths['/api/users/login'].post.operationId).to.equal('Login');
    expect(paths['/api/users/login'].post['x-waymark-route']).to.equal('api:login');
    expect(paths['/api/users'].get.operationId).to.equal('apiList');
    expect(paths['/api/other'].get.operationId).to.equal('apiLogin');
  });

  it('is an ImproperlyConfigured at build when it is not an identifier', () => {
    for (const bad of ['', '2fa', 'log in', 42]) {
      @Controller('/x')
      class Bad {
        @Get('', { operationId: bad as string }) get() {
          return 1;
        }
      }
      expect(() => createApp({ routes: [Bad] }), String(bad)).to.throw(ImproperlyConfigured, /operationId of .*must be an identifier/);
    }
  });

  it('refuses two routes of one document choosing one id, and allows them in disjoint versions', () => {
    @Controller('/a')
    class A {
      @Get('', { operationId: 'Fetch', versions: ['v1'] }) v1() {
        return 1;
      }
      @Get('/new', { operationId: 'Fetch', versions: ['v2'] }) v2() {
        return 2;
      }
      @Get('/clash', { operationId: 'Fetch', versions: ['v2'] }) clash() {
        return 3;
      }
    }
    const app = createApp({ routes: [include('/:version', [A])], versioning: new URLPathVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] }) });
    expect(app.openapi({ version: 'v1' }).paths['/v1/a'].get.operationId).to.equal('Fetch');
    expect(() => app.openapi({ version: 'v2' })).to.throw(ImproperlyConfigured, /operationId 'Fetch' is chosen by both A\.v2 and A\.clash/);
  });
});
