import { expect } from 'chai';
import Koa from 'koa';
import { Controller, createApp, Get, include, InvalidArgument, URLPathVersioning } from '../src';
import { runtimeOf } from '../src/runtime';

@Controller('/things')
class Things {
  @Get('', 'things') list() {
    return [];
  }
}

describe('runtime', () => {
  it('each app has its own runtime, built from its own options', () => {
    const plain = createApp({ routes: [Things] });
    const versioned = createApp({ routes: [include('/:version', [Things])], versioning: new URLPathVersioning(), origin: 'https://api.example.com' });
    expect(runtimeOf(plain)).to.not.equal(runtimeOf(versioned));
    expect([runtimeOf(plain).versioning, runtimeOf(plain).origin]).to.deep.equal([null, null]);
    expect(runtimeOf(versioned).versioning).to.be.instanceOf(URLPathVersioning);
    expect(runtimeOf(versioned).table.routes.map((route) => route.fullName)).to.deep.equal(['things']);
  });

  it('is not reachable from the app object itself: App publishes only its documented public face (docs/architecture.md#reading-routes-from-outside)', () => {
    const app = createApp({ routes: [Things] });
    for (const key of ['table', 'versioning', 'origin', 'mediaTypes', 'offers', 'negotiated', 'translator', 'trustsProxy']) {
      expect(key in app, key).to.equal(false);
    }
  });

  it('a Koa application not made by createApp() has none, and says so', () => {
    expect(() => runtimeOf(new Koa())).to.throw(InvalidArgument, 'createApp()');
  });
});
