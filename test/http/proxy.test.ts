import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import { Controller, createApp, Ctx, Get, ImproperlyConfigured, type ProxyTrust } from '../../src';

@Controller('')
class Where {
  @Get('/where', 'where')
  where(@Ctx() ctx: Context) {
    return { ip: ctx.ip, ips: ctx.ips, protocol: ctx.protocol, host: ctx.host, href: ctx.href, self: ctx.reverse('where') };
  }
}

const LOOPBACK = ['127.0.0.1', '::1'];

function ask(proxy: ProxyTrust | undefined, headers: Record<string, string>) {
  const app = createApp({ routes: [Where], ...(proxy === undefined ? {} : { proxy }) });
  return request(app.callback()).get('/where').set({ Host: 'inner.test', ...headers }).expect(200).then((response) => response.body);
}

const FORWARDED = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'public.test', 'X-Forwarded-For': '203.0.113.7, 198.51.100.2' };

describe('http/proxy: Koa and ctx.reverse share one notion of proxy trust', () => {
  it('a trusted peer in a list: ctx.protocol, ctx.host, ctx.href and ctx.ip follow the forwarded headers, as ctx.reverse does', async () => {
    const body = await ask(LOOPBACK, FORWARDED);
    expect(body.self).to.equal('https://public.test/where');
    expect([body.protocol, body.host, body.href]).to.deep.equal(['https', 'public.test', 'https://public.test/where']);
    // Only the loopback peer is trusted: it vouches for the last hop, which is not itself a trusted proxy.
    expect([body.ip, body.ips]).to.deep.equal(['198.51.100.2', ['198.51.100.2']]);
  });

  it("a list that does not hold the peer (proxy: ['10.0.0.5'] seen from loopback): nothing forwarded is believed, by Koa or by ctx.reverse", async () => {
    const body = await ask(['10.0.0.5'], FORWARDED);
    expect(body.self).to.equal('http://inner.test/where');
    expect([body.protocol, body.host, body.ips]).to.deep.equal(['http', 'inner.test', []]);
    expect(body.ip).to.be.oneOf(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
  });

  it('a function decides per address, for both', async () => {
    const seen: string[] = [];
    const body = await ask((address) => {
      seen.push(address);
      return LOOPBACK.includes(address) || address === '198.51.100.2';
    }, FORWARDED);
    expect(body.self).to.equal('https://public.test/where');
    expect(body.protocol).to.equal('https');
    // 198.51.100.2 is trusted too, so it vouches for the client before it.
    expect([body.ip, body.ips]).to.deep.equal(['203.0.113.7', ['203.0.113.7', '198.51.100.2']]);
    expect(seen.some((address) => LOOPBACK.includes(address))).to.equal(true);
  });

  it('proxy: true trusts every hop (Koa: ctx.ip is the first X-Forwarded-For entry); the last X-Forwarded-Host/Proto hop counts for both', async () => {
    const body = await ask(true, { ...FORWARDED, 'X-Forwarded-Host': 'spoofed.test, public.test', 'X-Forwarded-Proto': 'http, https' });
    expect(body.self).to.equal('https://public.test/where');
    expect([body.protocol, body.host, body.ip]).to.deep.equal(['https', 'public.test', '203.0.113.7']);
  });

  it('without proxy nothing forwarded counts', async () => {
    const body = await ask(undefined, FORWARDED);
    expect([body.self, body.protocol, body.host, body.ips]).to.deep.equal(['http://inner.test/where', 'http', 'inner.test', []]);
  });

  it('two apps in one process keep their own trust', async () => {
    const [trusting, wary] = await Promise.all([ask(LOOPBACK, FORWARDED), ask(false, FORWARDED)]);
    expect([trusting.protocol, wary.protocol]).to.deep.equal(['https', 'http']);
  });

  it("CIDR ranges and proxy-addr's names are trusted as proxy-addr reads them (an IPv4-mapped peer matches an IPv4 range)", async () => {
    for (const proxy of [['127.0.0.0/8', '::1/128'], ['loopback'], ['10.0.0.0/8', 'loopback']]) {
      const body = await ask(proxy, FORWARDED);
      expect([body.self, body.protocol, body.ip], String(proxy)).to.deep.equal(['https://public.test/where', 'https', '198.51.100.2']);
    }
    const outside = await ask(['10.0.0.0/8', 'linklocal', 'uniquelocal'], FORWARDED);
    expect([outside.self, outside.ips]).to.deep.equal(['http://inner.test/where', []]);
  });

  it('a range of trusted hops vouches for the hops before it', async () => {
    const body = await ask(['loopback', '198.51.100.0/24'], FORWARDED);
    expect([body.ip, body.ips]).to.deep.equal(['203.0.113.7', ['203.0.113.7', '198.51.100.2']]);
  });

  it('an entry proxy-addr cannot read is ImproperlyConfigured when the app is built, naming it', () => {
    for (const entry of ['10.0.0.0/33', '10.0.0/8', 'localhost', '', '::1/129', '10.0.0.1/255.0.255.0']) {
      expect(() => createApp({ routes: [Where], proxy: ['loopback', entry] }), entry)
        .to.throw(ImproperlyConfigured)
        .with.property('message')
        .that.contains(JSON.stringify(entry));
    }
  });
});
