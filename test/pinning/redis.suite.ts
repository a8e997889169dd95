import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Redis from 'ioredis';
import { RedisPinStore } from '../../src';

// Needs Debian's redis-server: run by .ci/suites/redis.sh, which installs it (the name keeps it out of npm test).
const root = join(__dirname, '..', '..');

const freePort = async (): Promise<number> => {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
};

/** Starts `command` and resolves with the first match of `ready` in its output. */
function started(child: ChildProcess, ready: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const look = (chunk: Buffer) => {
      out += chunk;
      const match = out.match(ready);
      if (match) resolve(match);
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before it was ready: ${out}`)));
  });
}

describe('pinning with Redis: two app processes share pins', function () {
  this.timeout(120_000);
  const children: ChildProcess[] = [];
  let redisPort: number;
  let redis: Redis;

  before(async () => {
    redisPort = await freePort();
    const server = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(server);
    await started(server, /Ready to accept connections/);
    redis = new Redis({ host: '127.0.0.1', port: redisPort });
  });

  after(async () => {
    redis?.disconnect();
    for (const child of children) child.kill('SIGKILL');
    await Promise.all(children.map((child) => (child.exitCode === null && child.signalCode === null ? once(child, 'exit') : null)));
  });

  const appProcess = async (defaultVersion: string): Promise<string> => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register', join('test', 'fixtures', 'pinned-redis-app.ts')], {
      cwd: root,
      env: { ...process.env, REDIS_PORT: String(redisPort), DEFAULT_VERSION: defaultVersion, TS_NODE_TRANSPILE_ONLY: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    return (await started(child, /listening on (http:\/\/\S+)/))[1];
  };

  it('a client pinned by one process is served its version by the other, and an upgrade is seen by both', async () => {
    // Two releases side by side: the old one's default is 2024, the new one's 2025.
    const [old, fresh] = await Promise.all([appProcess('2024'), appProcess('2025')]);
    const ask = async (base: string, key: string) => {
      const response = await fetch(`${base}/ping`, { headers: { 'X-Api-Key': key } });
      return (await response.json()) as { version: string; pid: number };
    };
    const first = await ask(old, 'key-1');
    expect(first.version, 'pinned to the version of its first call').to.equal('2024');
    const second = await ask(fresh, 'key-1');
    expect([second.version, second.pid === first.pid]).to.deep.equal(['2024', false]);
    expect((await ask(fresh, 'key-2')).version, 'a new client gets the new default').to.equal('2025');
    expect((await ask(old, 'key-2')).version, 'and keeps it on the old process').to.equal('2025');
    expect(await redis.get('waymark:pin:key-1')).to.equal('2024');

    await new RedisPinStore(redis).set('key-1', '2025'); // what app.pinning.upgrade() does
    expect([(await ask(old, 'key-1')).version, (await ask(fresh, 'key-1')).version]).to.deep.equal(['2025', '2025']);
  });
});
