import { expect } from 'chai';
import { Controller, createApp, Get, include, QueryParameterVersioning, URLPathVersioning } from '../../src';
import { documentOf } from './validator';

@Controller('/items')
class Items {
  @Get('', 'items') items() {}
}

describe('openapi/options', () => {
  const versioned = createApp({ routes: [include('/:version', [Items])], versioning: new URLPathVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] }) });

  it("describes the scheme's default version unless another is asked for; info.version is that version", async () => {
    expect((await documentOf(versioned)).info).to.deep.equal({ title: 'API', version: 'v1' });
    expect((await documentOf(versioned, { version: 'v2' })).info.version).to.equal('v2');
    expect((await documentOf(versioned, { version: 'v2', info: { version: '2.0.0' } })).info.version).to.equal('2.0.0');
  });

  it('refuses a version the scheme does not allow with an InvalidArgument', () => {
    for (const version of ['v3', '', null]) {
      expect(() => versioned.openapi({ version }), String(version)).to.throw(/not allowed/).with.property('code', 'INVALID_ARGUMENT');
    }
  });

  it('describes the null version when the scheme allows it', async () => {
    const app = createApp({ routes: [Items], versioning: new QueryParameterVersioning({ allowedVersions: [null, 'v2'] }) });
    const document = await documentOf(app, { version: null });
    expect(document.paths['/items'].get).to.not.have.property('parameters'); // no version to send
  });

  it('without versioning there is one document, and asking for a version is an InvalidArgument', async () => {
    const plain = createApp({ routes: [Items] });
    expect((await documentOf(plain)).info.version).to.equal('unversioned');
    expect(await documentOf(plain, { version: null })).to.deep.equal(plain.openapi());
    expect(() => plain.openapi({ version: 'v1' })).to.throw(/no versioning scheme/).with.property('code', 'INVALID_ARGUMENT');
  });

  it('refuses unknown or mistyped options with an InvalidArgument naming them', () => {
    const bad: unknown[] = [{ versions: 'v1' }, { version: 1 }, { info: { titel: 'x' } }, { info: { title: 7 } }, { info: 'x' }, 'v1', null];
    for (const options of bad) {
      expect(() => versioned.openapi(options as never), JSON.stringify(options)).to.throw().with.property('code', 'INVALID_ARGUMENT');
    }
  });
});
