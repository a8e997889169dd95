import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, HttpError, QueryParameterVersioning, type App } from '../../../src';
import { watchProcess } from './process-watch';

// docs/errors.md#your-own-error-format and docs/lifecycle.md: user code at an extension point is owned.

@Controller('/r')
class Failing {
  @Get('/missing', 'missing') missing() {
    throw new HttpError(404, 'No such thing.');
  }
  @Get('/ok', 'ok') ok() {
    return { ok: true };
  }
}

async function answer(app: App, path: string) {
  app.silent = true;
  const errors: unknown[] = [];
  app.on('error', (error) => errors.push(error));
  const watch = watchProcess();
  try {
    const response = await request(app.callback()).get(path);
    return { response, errors, failures: await watch.stop() };
  } catch (error) {
    await watch.stop();
    throw error;
  }
}

const renderFailures: [string, () => unknown][] = [
  ['rejects', () => Promise.reject(new Error('render secret'))],
  ['rejects with an HttpError', () => Promise.reject(new HttpError(418, 'render secret'))],
  ['throws an HttpError', () => {
    throw new HttpError(409, 'render secret');
  }],
  ['throws an error with expose: true', () => {
    throw Object.assign(new Error('render secret'), { status: 422, expose: true });
  }],
  ['throws a string', () => {
    throw 'render secret';
  }],
];

describe('errors.render as user code (classes 2 and 8)', () => {
  it('an async render that resolves: its body is sent, not {}', async () => {
    const app = createApp({ routes: [Failing], errors: { mediaType: 'application/json', render: async (problem) => ({ message: problem.detail }) } });
    const { response, failures } = await answer(app, '/r/missing');
    expect([response.status, response.body]).to.deep.equal([404, { message: 'No such thing.' }]);
    expect(failures).to.deep.equal([]);
  });

  for (const [what, render] of renderFailures) {
    it(`a render that ${what}: the generic 500 in the default format, reported, the process unharmed`, async () => {
      const app = createApp({ routes: [Failing], errors: { mediaType: 'application/json', render } });
      const { response, errors, failures } = await answer(app, '/r/missing');
      expect(response.status).to.equal(500);
      expect(response.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(response.text).not.to.include('render secret');
      expect(JSON.parse(response.text)).to.include({ status: 500, title: 'Internal Server Error' });
      expect(errors.length).to.be.greaterThan(0);
      expect(failures.map(String)).to.deep.equal([]);
    });
  }
});

describe('onDeprecatedRequest as user code (class 3)', () => {
  const versioning = () => new QueryParameterVersioning({ defaultVersion: 'v2', allowedVersions: ['v1', 'v2'], deprecated: { v1: { at: '2026-01-01T00:00:00Z' } } });
  const hooks: [string, () => unknown][] = [
    ['rejects', () => Promise.reject(new Error('hook secret'))],
    ['throws a non-error', () => {
      throw 7;
    }],
    ['never settles', () => new Promise(() => {})],
  ];
  for (const [what, hook] of hooks) {
    it(`a hook that ${what}: the request goes on, the failure is the app's error event`, async () => {
      const app = createApp({ routes: [Failing], versioning: versioning(), onDeprecatedRequest: hook as () => void });
      const { response, errors, failures } = await answer(app, '/r/ok?version=v1');
      expect([response.status, response.body]).to.deep.equal([200, { ok: true }]);
      expect(failures.map(String)).to.deep.equal([]);
      expect(errors.length).to.equal(what === 'never settles' ? 0 : 1);
    });
  }
});

@Controller('/five')
class Upstream {
  @Get('/down', 'down') down() {
    throw new HttpError(503, 'upstream 10.0.0.7 down', { headers: { 'Retry-After': '30' } });
  }
}

describe('a 5xx HttpError written with its own detail (docs/security.md#errors-and-faults)', () => {
  it('keeps its status and headers; the detail sent is the generic one, the error event has the message', async () => {
    const app = createApp({ routes: [Upstream] });
    const { response, errors } = await answer(app, '/five/down');
    expect([response.status, response.headers['retry-after']]).to.deep.equal([503, '30']);
    expect(response.body.detail).to.equal('The server could not complete the request.');
    expect(response.text).not.to.include('10.0.0.7');
    expect((errors[0] as Error).message).to.equal('upstream 10.0.0.7 down');
  });
});
