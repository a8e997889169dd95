import { expect } from 'chai';
import type { Context } from 'koa';
import { BaseVersioning, Controller, createApp, Get, type VersioningDescription } from '../../src';

/** A host scheme of the app's own: the version is the first label, read its own way, not a HostNameVersioning. */
class SubdomainVersioning extends BaseVersioning {
  describe(): VersioningDescription {
    return this.describeAs('host', null);
  }
  determineVersion(ctx: Context): string | null {
    return this.accept(ctx.hostname.split('.')[0] ?? null);
  }
}

@Controller('/users')
class Users {
  @Get('', 'list') list() {
    return [];
  }
}

describe('openapi: servers of a host scheme read from its description (docs/openapi.md)', () => {
  // Regression: the document chose the servers by `instanceof HostNameVersioning`, so this scheme got origin's.
  it('gives a custom host scheme the version’s host as its server', () => {
    const app = createApp({ routes: [Users], versioning: new SubdomainVersioning({ allowedVersions: ['v1', 'v2'] }), origin: 'https://api.example.com' });
    expect(app.openapi({ version: 'v2' }).servers).to.deep.equal([{ url: 'https://v2.example.com' }]);
  });
});
