import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { RPCType, setRPCMetadata } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Controller, createApp, Get, include, Param, URLPathVersioning, type App } from '../../src';
import { routeTrace } from '../../src/http/tracing';

@Controller('/users')
class Users {
  @Get('/:id', 'users-detail') detail(@Param('id') id: number) {
    return { id };
  }
}

/**
 * A server whose requests each get a server span and the RPC metadata, as
 * @opentelemetry/instrumentation-http gives them (the spawned
 * test/http/tracing.spawn.test.ts runs the real instrumentation).
 */
function traced(app: App, provider: BasicTracerProvider): Server {
  const tracer = provider.getTracer('test');
  const handle = app.callback();
  return createServer((req, res) => {
    const span = tracer.startSpan(req.method ?? 'GET');
    res.on('finish', () => span.end());
    context.with(setRPCMetadata(trace.setSpan(context.active(), span), { type: RPCType.HTTP, span }), () => handle(req, res));
  });
}

describe('http/tracing: OpenTelemetry learns the route of each request', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let server: Server;

  before(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    const app = createApp({
      routes: [include('/:version', [Users])],
      versioning: new URLPathVersioning({ allowedVersions: ['v1'] }),
    });
    server = traced(app, provider).listen(0, '127.0.0.1');
    return new Promise((resolve) => server.once('listening', resolve));
  });

  after(() => {
    server.close();
    context.disable();
  });

  const get = async (path: string) => {
    exporter.reset();
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    await response.arrayBuffer();
    await new Promise((resolve) => setImmediate(resolve));
    return { status: response.status, spans: exporter.getFinishedSpans() };
  };

  it('names the server span METHOD and the full pattern (include prefixes too) and sets http.route', async () => {
    const { status, spans } = await get('/v1/users/42');
    expect(status).to.equal(200);
    expect(spans.map((span) => [span.name, span.attributes['http.route']])).to.deep.equal([['GET /:version/users/:id', '/:version/users/:id']]);
  });

  it('a matched route that then fails (a 400, a version the scheme refuses) still names its route', async () => {
    for (const path of ['/v1/users/x', '/v9/users/1']) {
      const { status, spans } = await get(path);
      expect(status, path).to.be.oneOf([400, 404]);
      expect(spans.map((span) => span.attributes['http.route']), path).to.deep.equal(['/:version/users/:id']);
    }
  });

  it('leaves a request no route matched alone', async () => {
    const { status, spans } = await get('/nothing');
    expect(status).to.equal(404);
    expect(spans.map((span) => [span.name, span.attributes['http.route']])).to.deep.equal([['GET', undefined]]);
  });

  it('without @opentelemetry/api there is no trace function, and nothing fails', () => {
    expect(
      routeTrace(() => {
        throw Object.assign(new Error("Cannot find module '@opentelemetry/api'"), { code: 'MODULE_NOT_FOUND' });
      }),
    ).to.equal(null);
    expect(routeTrace()).to.be.a('function');
  });

  it('loads @opentelemetry/api only once a context manager is registered: an app nobody traces never loads it', () => {
    let loads = 0;
    const load = () => {
      loads++;
      return require('@opentelemetry/api') as typeof import('@opentelemetry/api');
    };
    const traceRoute = routeTrace(() => undefined, load);
    context.disable();
    traceRoute?.('GET', '/users/:id');
    expect(loads).to.equal(0);
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    traceRoute?.('GET', '/users/:id');
    traceRoute?.('GET', '/users/:id');
    expect(loads).to.equal(1);
  });
});
