import { expect } from 'chai';
import fc from 'fast-check';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { Context } from 'koa';
import { Controller, createApp, Get, MemoryPinStore, QueryParameterVersioning, Version, type App } from '../../src';

@Controller('/ping')
class Ping {
  @Get('', 'ping') ping(@Version() version: string) {
    return { version };
  }
}

const VERSIONS = ['v1', 'v2', 'v3'];
const CLIENTS = ['a', 'b', 'c', 'd'];

/** What the rules of docs/pinning.md say: the named version, else the header's, else the pin, else the default; a first request pins. */
interface Model {
  defaultVersion: string;
  pins: Map<string, string>;
}

interface Real {
  app: App;
  store: MemoryPinStore;
  /** Requests served by a pin or the default rather than a version they named: the rules at work. */
  unnamed: number;
}

const build = (store: MemoryPinStore, defaultVersion: string): App =>
  createApp({
    routes: [Ping],
    versioning: new QueryParameterVersioning({ defaultVersion, allowedVersions: VERSIONS }),
    pinning: { identify: (ctx: Context) => ctx.get('X-Api-Key') || undefined, store },
  });

let server: Server;
let base: string;
let current: Real;

class Call implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly client: string | undefined,
    readonly named: string | undefined,
    readonly header: string | undefined,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const pin = this.client === undefined ? undefined : model.pins.get(this.client);
    const expected = this.named ?? this.header ?? pin ?? model.defaultVersion;
    if (this.client !== undefined && pin === undefined) model.pins.set(this.client, expected);
    const headers: Record<string, string> = {};
    if (this.client !== undefined) headers['X-Api-Key'] = this.client;
    if (this.header !== undefined) headers['Waymark-Version'] = this.header;
    const response = await fetch(`${base}/ping${this.named === undefined ? '' : `?version=${this.named}`}`, { headers });
    expect([response.status, await response.json(), response.headers.get('waymark-version')], this.toString()).to.deep.equal([200, { version: expected }, expected]);
    if (this.named === undefined && this.header === undefined) real.unnamed++;
  }
  toString = () => `GET client=${this.client} named=${this.named} header=${this.header}`;
}

class ChangeDefault implements fc.AsyncCommand<Model, Real> {
  constructor(readonly version: string) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    model.defaultVersion = this.version;
    // A new release with another default version, over the same pins.
    real.app = build(real.store, this.version);
  }
  toString = () => `default=${this.version}`;
}

class Upgrade implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly client: string,
    readonly version: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    model.pins.set(this.client, this.version);
    await real.app.pinning.upgrade(this.client, this.version);
  }
  toString = () => `upgrade ${this.client} to ${this.version}`;
}

describe('pinning: every request is served the version the rules give (model-based)', () => {
  before(async () => {
    server = createServer((req, res) => current.app.callback()(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(() => server.close());

  it('over random sequences of requests, default-version changes and upgrades', async () => {
    const version = fc.constantFrom(...VERSIONS);
    const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });
    const commands = [
      fc.tuple(maybe(fc.constantFrom(...CLIENTS)), fc.option(version, { nil: undefined, freq: 1 }), fc.option(version, { nil: undefined, freq: 1 })).map(([c, n, h]) => new Call(c, n, h)),
      fc.tuple(maybe(fc.constantFrom(...CLIENTS)), fc.constant(undefined), fc.constant(undefined)).map(([c]) => new Call(c, undefined, undefined)),
      version.map((v) => new ChangeDefault(v)),
      fc.tuple(fc.constantFrom(...CLIENTS), version).map(([c, v]) => new Upgrade(c, v)),
    ];
    let unnamed = 0;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const store = new MemoryPinStore();
        current = { app: build(store, 'v3'), store, unnamed: 0 };
        await fc.asyncModelRun(() => ({ model: { defaultVersion: 'v3', pins: new Map() }, real: current }), cmds);
        unnamed += current.unnamed;
        runs++;
      }),
      { numRuns: 100 },
    );
    // An implementation that ignored pins would fail above; one that refused every request fails here.
    expect(runs).to.equal(100);
    expect(unnamed, 'requests served by a pin or the default').to.be.greaterThan(100);
  });
});
