import { expect } from 'chai';
import fc from 'fast-check';
import type { Context } from 'koa';
import request from 'supertest';
import { Controller, createApp, Ctx, Get, include, Param } from '../../src';
import { HostRule, hostnameOf } from '../../src/table/host';

@Controller('/users', { host: ':tenant.example.com', namespace: 'tenant' })
class TenantUsers {
  @Get('/:id', { name: 'detail', requirements: { tenant: /[a-z]+/ } }) detail(@Param('tenant') tenant: string, @Param('id') id: number, @Ctx() ctx: Context) {
    return { tenant, id, link: ctx.reverse('tenant:detail', { tenant: 'other', id: 2 }), params: ctx.params };
  }
}

@Controller('/users', { namespace: 'any' })
class AnyUsers {
  @Get('/:id', 'detail') detail(@Param('id') id: string) {
    return { any: id };
  }
}

@Controller('/admin')
class Admin {
  @Get('', 'admin') admin(@Ctx() ctx: Context) {
    return { admin: true, link: ctx.reverse('admin') };
  }
}

const app = () => createApp({ routes: [TenantUsers, AnyUsers, include('', [Admin], { host: [/^admin\d*\.example\.com$/, 'admin.test'] })], proxy: true });

describe('koa-router/host: routes bound to a host (docs/coming-from-koa-router.md#hosts)', () => {
  it('serves a host-bound route only on its host, with the host parameters joined to the route’s', async () => {
    const { body } = await request(app().callback()).get('/users/7').set('Host', 'ACME.example.com:8080').expect(200);
    expect(body).to.deep.equal({ tenant: 'acme', id: 7, link: 'http://other.example.com:8080/users/2', params: { tenant: 'acme', id: '7' } });
  });

  it('another host gets the other route, or a 404 when none serves it', async () => {
    expect((await request(app().callback()).get('/users/7').set('Host', 'example.org').expect(200)).body).to.deep.equal({ any: '7' });
    await request(app().callback()).get('/admin').set('Host', 'example.org').expect(404);
    // A RegExp builds no host: the request's, when it matches; else the next alternative that builds one.
    expect((await request(app().callback()).get('/admin').set('Host', 'admin2.example.com').expect(200)).body.link).to.equal('http://admin2.example.com/admin');
    expect((await request(app().callback()).get('/admin').set('Host', 'admin.test').expect(200)).body.link).to.equal('http://admin.test/admin');
    expect(app().url('admin')).to.equal('//admin.test/admin');
  });

  it('applies the requirements of host parameters', async () => {
    expect((await request(app().callback()).get('/users/7').set('Host', 'ac-9.example.com').expect(200)).body).to.deep.equal({ any: '7' });
  });

  it('reads the host after the proxy rules', async () => {
    const { body } = await request(app().callback()).get('/users/3').set('Host', 'internal').set('X-Forwarded-Host', 'beta.example.com').set('X-Forwarded-Proto', 'https').expect(200);
    expect(body.tenant).to.equal('beta');
    expect(body.link).to.equal('https://other.example.com/users/2');
  });

  it('app.url gives an absolute URL on the host: origin’s scheme and port, or a network-path reference without origin', () => {
    expect(app().url('tenant:detail', { tenant: 'acme', id: 1 })).to.equal('//acme.example.com/users/1');
    const withOrigin = createApp({ routes: [TenantUsers], origin: 'https://api.example.com:8443' });
    expect(withOrigin.url('tenant:detail', { tenant: 'acme', id: 1 })).to.equal('https://acme.example.com:8443/users/1');
    expect(() => withOrigin.url('tenant:detail', { tenant: 'a.b', id: 1 })).to.throw().with.property('code', 'NO_REVERSE_MATCH');
    expect(() => withOrigin.url('tenant:detail', { id: 1 })).to.throw().with.property('code', 'NO_REVERSE_MATCH');
  });

  it('refuses a host it cannot use, and a route bound twice, naming them', () => {
    for (const host of ['', [], 'a/b', 5, /(a)\1/]) expect(() => include('', [], { host: host as never }), String(host)).to.throw().with.property('code', 'IMPROPERLY_CONFIGURED');
    expect(() => createApp({ routes: [include('', [TenantUsers], { host: 'x.test' })] })).to.throw(/one host/);
    @Controller('/:tenant', { host: ':tenant.example.com' })
    class Clash {
      @Get('') clash() {}
    }
    expect(() => createApp({ routes: [Clash] })).to.throw(/both its host/);
  });

  it('property: a host pattern matches as its rule says (labels, case, ports, a final dot)', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?$/);
    let matched = 0;
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), label, fc.option(fc.integer({ min: 1, max: 65535 })), fc.boolean(), fc.boolean(), (labels, asParam, other, port, upper, dot) => {
        // The rule: each label of the pattern is a literal or one `:param` label; the host matches when it has as many labels, each literal equal ignoring case.
        const pattern = labels.map((text, index) => (asParam[index] ? `:p${index}` : text)).join('.');
        const rule = new HostRule(`${pattern}.example.com`, 'property');
        const sent = [...labels.map((text, index) => (asParam[index] ? other : text)), 'example', 'com'].join('.');
        const header = `${upper ? sent.toUpperCase() : sent}${dot ? '.' : ''}${port === null ? '' : `:${port}`}`;
        const found = rule.match(hostnameOf(header));
        const expected = Object.fromEntries(labels.flatMap((_, index) => (asParam[index] ? [[`p${index}`, other]] : [])));
        expect(found === null ? null : { ...found }).to.deep.equal(expected);
        expect(rule.match(hostnameOf(`${sent}.extra`))).to.equal(null);
        expect(rule.match(hostnameOf(`a.${sent}`))).to.equal(null);
        if (asParam.slice(0, labels.length).includes(true)) matched++;
      }),
      { numRuns: 300 },
    );
    expect(matched, `${matched} of 300 cases had a host parameter`).to.be.at.least(150);
  });
});

describe('koa-router/host: what tools read', () => {
  it('app.routes, waymark routes and OpenAPI know the host', async () => {
    const { rowsOf, formatTable } = await import('../../src/cli/routes');
    const built = createApp({ routes: [TenantUsers, include('', [Admin], { host: [/^admin\d*\.example\.com$/, 'admin.test'] })], origin: 'https://api.example.com' });
    expect(built.routes.map((route) => route.host)).to.deep.equal([{ patterns: [':tenant.example.com'], parameters: ['tenant'] }, { patterns: ['/^admin\\d*\\.example\\.com$/', 'admin.test'], parameters: [] }]);
    expect(rowsOf(built).map((row) => row.host)).to.deep.equal([[':tenant.example.com'], ['/^admin\\d*\\.example\\.com$/', 'admin.test']]);
    expect(formatTable(rowsOf(built))).to.include(':tenant.example.com/users/:id');
    const document = built.openapi();
    expect(document.paths['/users/{id}'].get.servers).to.deep.equal([{ url: 'https://{tenant}.example.com', variables: { tenant: { default: 'tenant', description: 'The host parameter "tenant".' } } }]);
    expect(document.paths['/admin'].get.servers).to.deep.equal([{ url: 'https://admin.test' }]);
    expect(createApp({ routes: [AnyUsers] }).routes[0].host).to.equal(null);
  });
});

describe('koa-router/host: waymark types', () => {
  it('types a host-bound name with its host parameters', async () => {
    const { routeNames } = await import('../../src/typegen/generate');
    expect(Object.fromEntries(routeNames(createApp({ routes: [TenantUsers] }).routes).url)).to.deep.equal({ 'tenant:detail': ['{ tenant: string; id: string | number }'] });
  });
});

describe('koa-router/host: HostRule', () => {
  it('keeps a parameter’s name as written and matches literal labels ignoring case', () => {
    const rule = new HostRule(':Tenant.Example.COM', 'test');
    expect(rule.params).to.deep.equal(['Tenant']);
    expect({ ...rule.match('acme.example.com') }).to.deep.equal({ Tenant: 'acme' });
    expect(rule.build({ Tenant: 'Acme' })).to.equal('acme.example.com');
  });
});

describe('koa-router/host: the rule through a request', () => {
  @Controller('/who', { host: ':tenant.example.com' })
  class Who {
    @Get('') who(@Param('tenant') tenant: string) {
      return { tenant };
    }
  }

  it('property: the host matched is the forwarded one only from a trusted proxy, without its port, ignoring case', async () => {
    const label = fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/);
    const trusting = createApp({ routes: [Who], proxy: true });
    const distrusting = createApp({ routes: [Who] });
    let served = 0;
    await fc.assert(
      fc.asyncProperty(label, label, fc.boolean(), fc.boolean(), fc.boolean(), fc.option(fc.integer({ min: 1, max: 65535 })), async (sent, forwarded, onDomain, forward, trust, port) => {
        // The rule: the effective host is X-Forwarded-Host when a trusted proxy sent it, else Host; it
        // matches when it is `<one label>.example.com`, whatever its case and port.
        const host = `${sent}.${onDomain ? 'EXAMPLE.com' : 'example.org'}${port === null ? '' : `:${port}`}`;
        const forwardedHost = `${forwarded}.example.com`;
        let call = request((trust ? trusting : distrusting).callback()).get('/who').set('Host', host);
        if (forward) call = call.set('X-Forwarded-Host', forwardedHost);
        const effective = forward && trust ? forwarded : onDomain ? sent : null;
        const reply = await call;
        if (effective === null) expect(reply.status).to.equal(404);
        else {
          expect(reply.status).to.equal(200);
          expect(reply.body).to.deep.equal({ tenant: effective });
          served++;
        }
      }),
      { numRuns: 80 },
    );
    expect(served, `${served} of 80 requests were served`).to.be.at.least(30);
  });
});
