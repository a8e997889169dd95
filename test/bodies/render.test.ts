import { expect } from 'chai';
import Koa from 'koa';
import { Offer } from '../../src/negotiation/offers';
import { JSONRenderer } from '../../src/negotiation/renderers';
import { AcceptHeaderVersioning } from '../../src';

describe('http/render: the Content-Type an offer sends', () => {
  it("regression: the Accept scheme's versioned types let clients grow the header memo without end; it keeps at most MAX_KNOWN and still answers each", () => {
    const app = new Koa();
    const offer = new Offer(JSONRenderer);
    const scheme = new AcceptHeaderVersioning();
    for (let i = 0; i < Offer.MAX_KNOWN * 4; i++) {
      const ctx = app.createContext({ headers: {}, socket: {} } as never, { getHeader() {}, setHeader() {}, removeHeader() {}, hasHeader() {}, headersSent: false } as never);
      const headers: Record<string, string> = {};
      ctx.response.set = ((name: string, value: string) => (headers[name.toLowerCase()] = value)) as never;
      ctx.response.get = ((name: string) => headers[name.toLowerCase()] ?? '') as never;
      Object.assign(ctx, { versioningScheme: scheme, version: String(i) });
      offer.setContentType(ctx);
      expect(headers['content-type']).to.equal(`application/json; version=${i}; charset=utf-8`);
    }
    expect(offer.remembered(scheme)).to.equal(Offer.MAX_KNOWN);
  });
});
