import { expect } from 'chai';
import { metrics } from '@opentelemetry/api';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import type { Context } from 'koa';
import request from 'supertest';
import { Controller, createApp, Get, MemoryPinStore, QueryParameterVersioning, type DeprecatedRequestInfo } from '../../src';
import { deprecationWatch, MAX_SERIES } from '../../src/lifecycle/telemetry';

@Controller('/ping')
class Ping {
  @Get('', 'ping') ping() {
    return {};
  }
}

const versioning = () => new QueryParameterVersioning({ defaultVersion: 'v2', allowedVersions: ['v1', 'v2'], deprecated: { v1: { at: '2026-01-01T00:00:00Z' } } });
const identify = (ctx: Context) => ctx.get('X-Api-Key') || undefined;

/** Each data point of the counter: its attributes and value. */
const points = (collected: ResourceMetrics) =>
  collected.scopeMetrics
    .filter((scope) => scope.scope.name === 'waymark')
    .flatMap((scope) => scope.metrics)
    .filter((metric) => metric.descriptor.name === 'waymark.version.deprecated_requests')
    .flatMap((metric) => metric.dataPoints.map((point) => ({ attributes: point.attributes, value: point.value as number })));

describe('lifecycle/telemetry: requests to deprecated versions', () => {
  let reader: PeriodicExportingMetricReader;

  beforeEach(() => {
    reader = new PeriodicExportingMetricReader({ exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE), exportIntervalMillis: 3_600_000 });
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  });
  afterEach(async () => {
    await reader.shutdown();
    metrics.disable();
  });

  it('counts each request to a deprecated version on the global meter provider, with version, route and client id', async () => {
    const app = createApp({ routes: [Ping], versioning: versioning(), pinning: { identify, store: new MemoryPinStore() } });
    await request(app.callback()).get('/ping?version=v1').set('X-Api-Key', 'k1');
    await request(app.callback()).get('/ping?version=v1').set('X-Api-Key', 'k1');
    await request(app.callback()).get('/ping?version=v1');
    await request(app.callback()).get('/ping?version=v2').set('X-Api-Key', 'k1');
    const { resourceMetrics } = await reader.collect();
    expect(points(resourceMetrics)).to.have.deep.members([
      { attributes: { version: 'v1', route: 'ping', client_id: 'k1' }, value: 2 },
      { attributes: { version: 'v1', route: 'ping' }, value: 1 },
    ]);
  });

  it('adds the requests of two apps in one process into the same totals, as one synchronous counter would', async () => {
    const [one, two] = [createApp({ routes: [Ping], versioning: versioning() }), createApp({ routes: [Ping], versioning: versioning() })];
    await request(one.callback()).get('/ping?version=v1');
    await request(two.callback()).get('/ping?version=v1');
    await request(two.callback()).get('/ping?version=v1');
    expect(points((await reader.collect()).resourceMetrics)).to.deep.equal([{ attributes: { version: 'v1', route: 'ping' }, value: 3 }]);
  });

  it('counts on the provider registered at the time of each request', async () => {
    const app = createApp({ routes: [Ping], versioning: versioning() });
    await request(app.callback()).get('/ping?version=v1');
    const later = new PeriodicExportingMetricReader({ exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE), exportIntervalMillis: 3_600_000 });
    metrics.disable();
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [later] }));
    await request(app.callback()).get('/ping?version=v1');
    await request(app.callback()).get('/ping?version=v1');
    try {
      expect([points((await reader.collect()).resourceMetrics), points((await later.collect()).resourceMetrics)]).to.deep.equal([
        [{ attributes: { version: 'v1', route: 'ping' }, value: 1 }],
        [{ attributes: { version: 'v1', route: 'ping' }, value: 2 }],
      ]);
    } finally {
      await later.shutdown();
    }
  });

  it('keeps at most the SDK\'s default number of attribute sets, counting the rest under its overflow attribute', async () => {
    const watch = deprecationWatch(null)!;
    const ctx = { route: { name: 'ping' }, app: { emit() {} } } as unknown as Context;
    for (let i = 0; i < MAX_SERIES + 100; i++) watch(ctx, 'v1', `client-${i}`);
    watch(ctx, 'v1', 'client-0');
    const counted = points((await reader.collect()).resourceMetrics);
    expect(counted).to.have.length(MAX_SERIES);
    expect(counted.reduce((sum, point) => sum + point.value, 0)).to.equal(MAX_SERIES + 101);
    expect(counted.find((point) => point.attributes['client_id'] === 'client-0')?.value).to.equal(2);
    expect(counted.find((point) => point.attributes['otel.metric.overflow'] === true)?.value).to.equal(101);
  });

  it('calls onDeprecatedRequest with the same, and only for deprecated versions', async () => {
    const seen: DeprecatedRequestInfo[] = [];
    const app = createApp({ routes: [Ping], versioning: versioning(), onDeprecatedRequest: (_ctx, info) => seen.push(info), pinning: { identify, store: new MemoryPinStore() } });
    await app.pinning.upgrade('k1', 'v1');
    await request(app.callback()).get('/ping').set('X-Api-Key', 'k1');
    await request(app.callback()).get('/ping?version=v2').set('X-Api-Key', 'k1');
    await request(app.callback()).get('/ping?version=v1');
    expect(seen).to.deep.equal([
      { version: 'v1', route: 'ping', clientId: 'k1' },
      { version: 'v1', route: 'ping' },
    ]);
  });

  it('a hook that throws is an error event, not the client\'s 500', async () => {
    const app = createApp({ routes: [Ping], versioning: versioning(), onDeprecatedRequest: () => { throw new Error('logger down'); } });
    const errors: Error[] = [];
    app.on('error', (error) => errors.push(error));
    const response = await request(app.callback()).get('/ping?version=v1');
    expect([response.status, errors.map((error) => error.message)]).to.deep.equal([200, ['logger down']]);
  });

  it('costs nothing without the API package or a hook, and loads the package on the first deprecated request only', () => {
    const missing = () => {
      throw new Error('Cannot find module');
    };
    expect(deprecationWatch(null, missing)).to.equal(null);
    let loads = 0;
    const watch = deprecationWatch(null, () => 'found', () => {
      loads++;
      return { metrics } as never;
    });
    expect([typeof watch, loads]).to.deep.equal(['function', 0]);
    watch!({ route: { name: 'ping' }, app: { emit() {} } } as unknown as Context, 'v1', undefined);
    watch!({ route: { name: 'ping' }, app: { emit() {} } } as unknown as Context, 'v1', undefined);
    expect(loads).to.equal(1);
  });
});
