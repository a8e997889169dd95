import 'reflect-metadata';
import Module = require('node:module');
import { createServer } from 'node:http';

// `--no-otel`: @opentelemetry/api is made impossible to find, as in an app that has not installed it
// (it is a dev dependency of waymark, so it is always in node_modules here).
if (process.argv.includes('--no-otel')) {
  const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const resolve = loader._resolveFilename;
  loader._resolveFilename = function (request: string, ...rest: unknown[]) {
    if (request === '@opentelemetry/api') throw Object.assign(new Error(`Cannot find module '${request}'`), { code: 'MODULE_NOT_FOUND' });
    return resolve.call(this, request, ...rest);
  };
}

// `--sdk`: the OpenTelemetry metrics SDK is registered, so every request to the deprecated version adds to a real counter.
if (process.argv.includes('--sdk')) {
  const { metrics } = require('@opentelemetry/api') as typeof import('@opentelemetry/api');
  const sdk = require('@opentelemetry/sdk-metrics') as typeof import('@opentelemetry/sdk-metrics');
  const reader = new sdk.PeriodicExportingMetricReader({ exporter: new sdk.InMemoryMetricExporter(sdk.AggregationTemporality.CUMULATIVE), exportIntervalMillis: 3_600_000 });
  metrics.setGlobalMeterProvider(new sdk.MeterProvider({ readers: [reader] }));
}

const { Controller, createApp, Get, include, Param, URLPathVersioning } = require('../../src') as typeof import('../../src');
const { filler } = require('../shared/waymark-routes') as typeof import('../shared/waymark-routes');
const { serve, timed } = require('./serve') as typeof import('./serve');

@Controller('/users')
class Users {
  @Get('/:id', 'users-detail') detail(@Param('id') id: string) {
    return { id };
  }
}

// The lifecycle row's app (bench/servers/waymark.ts, --scheme url-path-lifecycle), asked for its deprecated v1.
const versioning = new URLPathVersioning({
  defaultVersion: 'v1',
  allowedVersions: ['v1', 'v2'],
  deprecated: { v1: { at: '2026-06-01T00:00:00Z', sunset: '2099-01-01T00:00:00Z', link: 'https://example.com/v1', retireAfterSunset: true } },
  reportVersions: true,
});
const { value: app, buildMs } = timed(() => createApp({ routes: [...filler(9), include('/:version', [Users])], versioning }));
serve(createServer(app.callback()), buildMs);
