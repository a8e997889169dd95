import { expect } from 'chai';
import { createSampleApp, sampleVersions } from '../../examples/app';
import { compareDocuments } from '../../src/compat/compare';
import type { Json } from '../../src/compat/schema';
import { inlineComponents } from '../openapi/validator';

describe('compat/compare on the sample app', () => {
  it('finds no change between each document and a copy of it, under every scheme and version', () => {
    let operations = 0;
    for (const scheme of [undefined, 'url-path', 'namespace', 'accept-header', 'host-name', 'query-parameter']) {
      const app = createSampleApp(scheme, '3000');
      for (const version of scheme === undefined ? [undefined] : sampleVersions) {
        const document = app.openapi(version === undefined ? {} : { version }) as unknown as Json;
        expect(compareDocuments(document, structuredClone(document)), `${scheme} ${version}`).to.deep.equal([]);
        for (const item of Object.values(document.paths as Record<string, Json>)) operations += Object.keys(item).length;
      }
    }
    expect(operations, 'operations compared').to.be.at.least(50); // the users operations of 16 documents (the docs page's are not the API's)
  });

  it('finds no change when schemas only moved into components (docs/compatibility.md): a release written inline, the next with $refs', () => {
    for (const scheme of [undefined, 'url-path', 'accept-header']) {
      const app = createSampleApp(scheme, '3000');
      for (const version of scheme === undefined ? [undefined] : sampleVersions) {
        const document = app.openapi(version === undefined ? {} : { version }) as unknown as Json;
        expect(JSON.stringify(document), 'the sample names its schemas').to.contain('"$ref":"#/components/schemas/User"');
        const inline = inlineComponents(document);
        expect(JSON.stringify(inline.paths)).to.not.contain('#/components/schemas/User');
        expect(compareDocuments(inline, document), `${scheme} ${version}`).to.deep.equal([]);
        expect(compareDocuments(document, inline), `${scheme} ${version}`).to.deep.equal([]);
      }
    }
  });

  it('sees what distinguishes v2 from v1 of the sample as changes a v1 client would suffer', () => {
    const app = createSampleApp('query-parameter', '3000');
    const changes = compareDocuments(app.openapi({ version: 'v1' }) as unknown as Json, app.openapi({ version: 'v2' }) as unknown as Json);
    expect(changes.map((c) => c.rule)).to.include('operation-added'); // users-search is new in v2
    expect(changes.some((c) => c.breaking), 'a v1 client cannot use v2 as it is').to.equal(true);
  });

  it('sees v3\'s rename of name to displayName as breaking for a v2 client, and nothing else', () => {
    const app = createSampleApp('query-parameter', '3000');
    const changes = compareDocuments(app.openapi({ version: 'v2' }) as unknown as Json, app.openapi({ version: 'v3' }) as unknown as Json);
    // Each document's `version` parameter takes only its own version: that differs between any two.
    const breaking = changes.filter((c) => c.breaking && !c.at.endsWith('parameter query version')).map((c) => `${c.rule} ${c.at}`);
    expect(breaking).to.include('response-property-removed GET /users/{id} 200 application/json #/data/name');
    expect(breaking).to.include('request-property-added-required POST /users body application/json #/displayName');
    for (const found of breaking) expect(found, 'only the renamed field breaks').to.match(/#(\/0)?\/(data\/)?(name|displayName)$/);
  });
});
