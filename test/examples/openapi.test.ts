import { expect } from 'chai';
import request from 'supertest';
import { createSampleApp } from '../../examples/app';
import { runtimeOf } from '../../src/runtime';
import { schemeVersions } from '../../src/docs-page/versions';
import { documentOf, inlineComponents } from '../openapi/validator';
import { requestFor } from './client';

const SCHEMES = [undefined, 'accept-header', 'url-path', 'namespace', 'host-name', 'query-parameter'];

/**
 * The round trip from document to handler: for every operation of every document of the
 * sample app, under every scheme, a request built from the document alone
 * reaches the operation's handler (ctx.route.name) with the document's
 * version (ctx.version), and is answered 2xx.
 */
describe('examples: OpenAPI round trip', () => {
  for (const versioning of SCHEMES) {
    it(`every operation of the sample app reaches its handler with its version (${versioning ?? 'no versioning'})`, async () => {
      const app = createSampleApp(versioning, '3000');
      let seen: { route: string | null | undefined; version: string | null } | null = null;
      app.use(async (ctx, next) => {
        await next();
        seen = { route: ctx.route?.name, version: ctx.version };
      });
      const server = request(app.callback());
      const names = new Set(runtimeOf(app).table.routes.map((route) => route.fullName));
      const versions = runtimeOf(app).versioning ? schemeVersions(runtimeOf(app).versioning) : [undefined];
      let reached = 0;
      for (const version of versions) {
        const document = inlineComponents(await documentOf(app, { version })); // named schemas resolved, as a client's bundler does
        for (const [path, item] of Object.entries(document.paths)) {
          for (const [method, operation] of Object.entries(item)) {
            const sent = requestFor(document, path, method, operation);
            const where = `${version ?? ''} ${sent.method} ${sent.target} (${operation.operationId})`;
            seen = null;
            let call = server[method as 'get'](sent.target).set(sent.headers);
            if (sent.body !== undefined) call = call.send(JSON.stringify(sent.body));
            const response = await call;
            expect(response.status, `${where}: ${response.text}`).to.be.within(200, 299);
            const name = String(operation['x-waymark-route']);
            expect(names.has(name), where).to.equal(true);
            const route = runtimeOf(app).table.routes.find((candidate) => candidate.fullName === name);
            const expected = route?.versioning === null || !runtimeOf(app).versioning ? null : version;
            expect(seen, where).to.deep.equal({ route: name, version: expected ?? null });
            reached++;
          }
        }
      }
      // At least users-list, -detail and -create in each document; the docs page's routes are not the API's (docs/docs-page.md#in-the-documents).
      expect(reached).to.be.at.least(versions.length * 3);
    });
  }
});
