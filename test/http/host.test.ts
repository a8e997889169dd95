import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import { Controller, createApp, Ctx, Get, HostNameVersioning } from '../../src';
import { isValidHost } from '../../src/http/host';

@Controller('/things')
class Things {
  @Get('', 'things') list(@Ctx() ctx: Context) {
    return { version: ctx.version, link: ctx.reverse('things') };
  }
}

describe('http/host', () => {
  it("accepts Django's valid hosts", () => {
    for (const host of ['example.com', 'example.com:80', '12.34.56.78:443', '[2001:19f0:feee::dead:beef:cafe]:8080', 'xn--4ca9at.com', 'INSENSITIVE.com', 'localhost']) {
      expect(isValidHost(host), host).to.equal(true);
    }
  });

  it("refuses Django's poisoned hosts and other non-host text", () => {
    const poisoned = [
      'example.com@evil.tld',
      'example.com:dr.frankenstein@evil.tld',
      'example.com:dr.frankenstein@evil.tld:80',
      'example.com:80/badpath',
      'example.com: recovermypassword.com',
      'good.com/evil',
      'good.com evil.com',
      'a.com, b.com',
      '[::1',
      '[::1]/x',
      'café.com',
      '',
      'x'.repeat(256),
    ];
    for (const host of poisoned) expect(isValidHost(host), host).to.equal(false);
  });

  it('regression: hosts no URL parser accepts (ports > 65535, numeric last labels, broken IPv6, bad Punycode, empty labels) were used in links', () => {
    const refused = ['a.b.c:65536', '[::1]:99999', '1.2.3.999', 'v1.example.123', '4294967296', '1.2.3', '127.1', '[:::::]', '[1:2]', 'xn--a.com', '.', '.:8000', 'a..b', '.a.com'];
    for (const host of refused) expect(isValidHost(host), host).to.equal(false);
    const kept = ['a.b.c:65535', 'example.com:0', 'v1.example.com.', '[::1]:8000', '[2001:DB8:0:0::1]', 'xn--4ca9at.com', '10.0.0.1:8080', 'example.com:080'];
    for (const host of kept) expect(isValidHost(host), host).to.equal(true);
  });

  it('answers 400 Invalid Host header before any version, for Host and a trusted X-Forwarded-Host alike', async () => {
    const app = createApp({ routes: [Things], versioning: new HostNameVersioning(), proxy: true });
    for (const headers of [{ Host: 'v1.example.123' }, { Host: 'example.com', 'X-Forwarded-Host': 'a.b.c:65536' }, { Host: 'example.com', 'X-Forwarded-Host': 'a.com,' }]) {
      const res = await request(app.callback()).get('/things').set(headers);
      expect([res.status, res.body.detail], JSON.stringify(headers)).to.deep.equal([400, 'Invalid Host header.']);
    }
    const ok = await request(app.callback()).get('/things').set({ Host: 'example.com', 'X-Forwarded-Host': 'bad host, v2.example.com:8000' }).expect(200);
    expect(ok.body).to.deep.equal({ version: 'v2', link: 'http://v2.example.com:8000/things' });
  });
});
