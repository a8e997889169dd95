import { expect } from 'chai';
import fc from 'fast-check';
import { Body, Controller, createApp, Get, HostNameVersioning, InvalidArgument, Post, Query } from '../../src';

describe('openapi: documents never alias the app (openapi_aliasing)', () => {
  it('editing a document changes neither the app’s schemas nor the next document', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } } };
    @Controller('/users')
    class Users {
      @Post('', 'create') create(@Body({ schema }) body: object) {
        return body;
      }
      @Get('', 'list') list(@Query('page', { schema: { type: 'integer', minimum: 1 } }) page: number) {
        return { page };
      }
    }
    const app = createApp({ routes: [Users] });
    const first = app.openapi();
    const before = JSON.stringify(app.openapi());
    const body = first.paths['/users'].post?.requestBody as { content: Record<string, { schema: Record<string, unknown> }> };
    body.content['application/json'].schema.type = 'string';
    (first.paths['/users'].get?.parameters as unknown as { schema: Record<string, unknown> }[])[0].schema.minimum = 99;
    (first.components as { schemas: Record<string, Record<string, unknown>> }).schemas.Problem.type = 'array';
    expect(schema.type).to.equal('object');
    expect(JSON.stringify(app.openapi())).to.equal(before);
  });
});

describe('openapi: host-name servers stay on origin’s domain (host_servers_leave_origin)', () => {
  @Controller('/p')
  class P {
    @Get('', 'p') p() {}
  }
  const app = createApp({ routes: [P], versioning: new HostNameVersioning({}), origin: 'https://api.example.com' });

  it('a version that is not a DNS label is InvalidArgument when the document is built', () => {
    for (const version of ['evil.test#', 'evil.test', 'a/b', 'x@evil.test', '-v1', 'v1-', 'é', 'a'.repeat(64), '']) {
      expect(() => app.openapi({ version }), version).to.throw(InvalidArgument);
    }
    expect(app.openapi({ version: 'v2' }).servers).to.deep.equal([{ url: 'https://v2.example.com' }]);
  });

  it('property: every document built for a version has servers on origin’s domain (floor of built documents)', () => {
    let built = 0;
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/), fc.string(), fc.constantFrom('evil.test#', 'a.evil.test', 'x?', 'x:1')), (version) => {
        let url: string;
        try {
          url = app.openapi({ version }).servers?.[0].url as string;
        } catch (error) {
          expect(error).to.be.instanceOf(InvalidArgument);
          return;
        }
        built++;
        expect(new URL(url).hostname.endsWith('.example.com')).to.equal(true);
        expect(new URL(url).hostname.split('.')).to.have.length(3);
      }),
      { numRuns: 200 },
    );
    expect(built).to.be.at.least(40);
  });
});
