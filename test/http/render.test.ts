import { expect } from 'chai';
import Koa from 'koa';
import { ContentTypes } from '../../src/http/render';

describe('http/render ContentTypes', () => {
  it("regression: the Accept scheme's versioned types let clients grow the header memo without end; it keeps at most MAX_KNOWN and still answers each", () => {
    const app = new Koa();
    const types = new ContentTypes();
    for (let i = 0; i < ContentTypes.MAX_KNOWN * 4; i++) {
      const ctx = app.createContext({ headers: {}, socket: {} } as never, { getHeader() {}, setHeader() {}, removeHeader() {}, hasHeader() {}, headersSent: false } as never);
      const headers: Record<string, string> = {};
      ctx.response.set = ((name: string, value: string) => (headers[name.toLowerCase()] = value)) as never;
      ctx.response.get = ((name: string) => headers[name.toLowerCase()] ?? '') as never;
      types.set(ctx, `application/json; version=${i}`);
      expect(headers['content-type']).to.equal(`application/json; version=${i}; charset=utf-8`);
    }
    expect(types.remembered).to.equal(ContentTypes.MAX_KNOWN);
  });
});
