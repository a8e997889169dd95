import { expect } from 'chai';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { runLoad, type LoadResult } from './load';
import { StreamClient } from './streams';
import { compiledApp, freePorts, haproxyConfig, start, stop, stopAll } from './processes';

/**
 * docs/deployment.md#readiness, proven: three processes of examples/behind-proxy.ts behind
 * Debian's haproxy with the configuration of that page, a rate-limited load through the proxy,
 * and a rolling restart of each process in turn during it. Zero failed requests, zero 5xx, and
 * X-Forwarded-* read through the real proxy. DEPLOY_RATE (requests/s, default 2000),
 * DEPLOY_SECONDS (default 30) and DEPLOY_CONNECTIONS (default 128) size the load;
 * DEPLOY_GRACEFUL=off makes the apps exit on SIGTERM at once, and DEPLOY_GRACEFUL=drain close
 * without the readiness delay: both must fail (docs/deployment.md#a-rolling-restart-measured).
 */
const RATE = Number(process.env.DEPLOY_RATE ?? 2000);
const SECONDS = Number(process.env.DEPLOY_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.DEPLOY_CONNECTIONS ?? 128);
const GRACEFUL = process.env.DEPLOY_GRACEFUL ?? 'on';
/** Stream clients held open through the proxy during the second rolling restart, half SSE, half JSON Lines. */
const STREAMS = Number(process.env.DEPLOY_STREAMS ?? 24);
/** The Host the clients use: the apps' links must be built on it (X-Forwarded-Host), not on theirs. */
const HOST = 'shop.example.test';

interface Answer {
  status: number;
  body: string;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe(`deployment: three processes behind haproxy, rolling restart under load (graceful ${GRACEFUL})`, function () {
  this.timeout((SECONDS + 120) * 1000);
  let front: number;
  let appPorts: number[];
  let script: string;
  const apps: ChildProcess[] = [];
  /** What each app process wrote on its stdout, by its name (`app2.1`). */
  const logs = new Map<string, string>();

  const startApp = async (index: number, generation: number) => {
    const name = `app${index + 1}.${generation}`;
    const child = await start(process.execPath, [script], { PORT: String(appPorts[index]), NAME: name, PROXY: '127.0.0.2', GRACEFUL }, /listening/);
    logs.set(name, '');
    child.stdout?.on('data', (chunk) => logs.set(name, logs.get(name) + String(chunk)));
    return child;
  };

  before(async () => {
    if (spawnSync('haproxy', ['-v']).error) throw new Error("haproxy is not installed: `apt-get install haproxy` (.ci/suites/deploy.sh installs Debian's).");
    [front, ...appPorts] = await freePorts(4);
    script = compiledApp();
    for (let index = 0; index < 3; index++) apps[index] = await startApp(index, 1);
    const config = haproxyConfig(front, appPorts);
    // -db: stay in the foreground, a child of this test; -W is not used, so no master process.
    await start('haproxy', ['-db', '-f', config], {});
    await untilAnswered(front);
  });

  after(() => stopAll());

  it('X-Forwarded-* are believed from the proxy only', async () => {
    const forged = { Host: HOST, 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Host': 'evil.test', 'X-Forwarded-Proto': 'https' };
    const proxied = JSON.parse((await get(front, '/orders/7', forged)).body);
    // haproxy replaced the forged Host and Proto and appended the client's address: the app read those.
    expect(proxied).to.include({ self: `http://${HOST}/orders/7`, ip: '127.0.0.1', protocol: 'http' });
    const direct = JSON.parse((await get(appPorts[0], '/orders/7', forged)).body);
    // Straight to the app from 127.0.0.1, which it does not trust: every X-Forwarded-* is ignored.
    expect(direct).to.include({ ip: '127.0.0.1', protocol: 'http' });
    expect(direct.self).to.equal(`http://${HOST}/orders/7`);
  });

  it(`${RATE} requests/s for ${SECONDS} s through the proxy, each process restarted in turn: no request fails`, async () => {
    const served = new Map<string, number>();
    const headers = { Host: HOST, 'X-Forwarded-For': '203.0.113.9' };
    let loading = true;
    const finished = runLoad({
      port: front,
      rate: RATE,
      seconds: SECONDS,
      connections: CONNECTIONS,
      // Half of them POSTs, which no proxy may send twice: a request cut under it fails.
      requests: [
        { method: 'GET', path: '/orders/7', headers },
        { method: 'POST', path: '/orders', headers: { ...headers, 'Content-Type': 'application/json' }, body: '{}' },
      ],
      verify: (status, body) => {
        try {
          const answer = JSON.parse(body) as { self: string; ip: string; served: string };
          if (status >= 300) return false;
          served.set(answer.served, (served.get(answer.served) ?? 0) + 1);
          return /^http:\/\/shop\.example\.test\/orders\/\d+$/.test(answer.self) && answer.ip === '127.0.0.1';
        } catch {
          return false;
        }
      },
    }).finally(() => (loading = false));

    let restarts = 0;
    const restartLog: string[] = [];
    await sleep(2_000);
    for (let index = 0; index < 3 && loading; index++) {
      const began = Date.now();
      await stop(apps[index]);
      const name = `app${index + 1}.2`;
      apps[index] = await startApp(index, 2);
      // Back in rotation once haproxy has sent it a request of the load (two passed checks).
      while (loading && !served.has(name)) await sleep(50);
      if (!served.has(name)) break;
      restarts++;
      restartLog.push(`${name} in ${Date.now() - began} ms`);
    }
    const result = await finished;

    const answered = Object.values(result.statuses).reduce((sum, count) => sum + count, 0);
    const fiveHundreds = Object.entries(result.statuses).reduce((sum, [status, count]) => sum + (Number(status) >= 500 ? count : 0), 0);
    const unanswered = Object.values(result.errors).reduce((sum, count) => sum + count, 0);
    const failures = unanswered + result.mismatches;
    const numbers = {
      graceful: GRACEFUL,
      requests: result.sent,
      rate: Math.round(result.sent / result.seconds),
      p50: result.p50,
      p99: result.p99,
      restarts,
      failures,
      '5xx': fiveHundreds,
      statuses: result.statuses,
      errors: result.errors,
      skipped: result.skipped,
      served: Object.fromEntries([...served].sort()),
    };
    console.log(`      deployment numbers: ${JSON.stringify(numbers)}`);
    console.log(`      restarts: ${restartLog.join(', ')}`);

    expect(restarts, 'every process was replaced and its successor served the load').to.equal(3);
    expect({ failures, fiveHundreds, errors: result.errors, firstMismatch: result.firstMismatch }).to.deep.equal({ failures: 0, fiveHundreds: 0, errors: {}, firstMismatch: '' });
    expect(answered).to.equal(result.sent);
    // The load was a load: at least a third of the asked rate over the whole run (the machine may be
    // busy with more than this test; the rate reached is printed above), through all six processes.
    expect(result.sent).to.be.at.least((RATE * SECONDS) / 3);
    expect([...served.keys()].sort()).to.deep.equal(['app1.1', 'app1.2', 'app2.1', 'app2.2', 'app3.1', 'app3.2']);
  });

  it(`${STREAMS} streams (SSE and JSON Lines) held open through the proxy and ${RATE} requests/s, each process restarted in turn: every stream ends whole, no request fails`, async () => {
    const headers = { Host: HOST };
    const generation = apps.map((_, index) => 1 + Math.max(0, ...[...logs.keys()].filter((name) => name.startsWith(`app${index + 1}.`)).map((name) => Number(name.split('.')[1]))));
    let loading = true;
    const inRotation = new Set<string>();
    const finished = runLoad({
      port: front,
      rate: RATE,
      seconds: SECONDS,
      connections: CONNECTIONS,
      requests: [
        { method: 'GET', path: '/orders/7', headers },
        { method: 'POST', path: '/orders', headers: { ...headers, 'Content-Type': 'application/json' }, body: '{}' },
      ],
      verify: (status, body) => {
        try {
          const answer = JSON.parse(body) as { served: string };
          inRotation.add(answer.served);
          return status < 300;
        } catch {
          return false;
        }
      },
    }).finally(() => (loading = false));
    const clients = Array.from({ length: STREAMS }, (_, i) => new StreamClient(front, `s${i}`, i % 2 === 0 ? 'sse' : 'jsonl', headers));

    await sleep(2_000);
    const restarted: string[] = [];
    for (let index = 0; index < 3 && loading; index++) {
      const old = `app${index + 1}.${generation[index] - 1}`;
      await stop(apps[index]);
      restarted.push(old);
      const name = `app${index + 1}.${generation[index]}`;
      apps[index] = await startApp(index, generation[index]);
      // Back in rotation once haproxy has sent it a request of the load (two passed checks).
      while (loading && !inRotation.has(name)) await sleep(50);
    }
    const result: LoadResult = await finished;
    for (const client of clients) client.close();

    const connections = clients.flatMap((client) => client.connections);
    const byServer = (connection: (typeof connections)[number]) => [...new Set(connection.items.map((item) => item.served))];
    const ended = connections.filter((connection) => connection.end !== 'left');
    const numbers = {
      requests: result.sent,
      failures: Object.values(result.errors).reduce((sum, count) => sum + count, 0) + result.mismatches,
      statuses: result.statuses,
      streams: STREAMS,
      connections: connections.length,
      endedByServer: ended.length,
      cut: ended.filter((connection) => connection.end === 'cut').map((connection) => `${connection.id} ${connection.error} on ${byServer(connection)}`),
      items: connections.reduce((sum, connection) => sum + connection.items.length, 0),
    };
    console.log(`      stream numbers: ${JSON.stringify(numbers)}`);

    expect(restarted, 'every process was replaced').to.have.length(3);
    // The plain requests: every one answered, and right.
    expect({ errors: result.errors, mismatches: result.mismatches, firstMismatch: result.firstMismatch }).to.deep.equal({ errors: {}, mismatches: 0, firstMismatch: '' });
    expect(Object.keys(result.statuses).every((status) => Number(status) < 300), JSON.stringify(result.statuses)).to.equal(true);
    // Every connection a server ended ended as a finished stream, after a whole item, and was answered 200.
    for (const connection of ended) {
      expect({ id: connection.id, status: connection.status, end: connection.end, error: connection.error, rest: connection.rest }).to.deep.equal({ id: connection.id, status: 200, end: 'ended', error: '', rest: '' });
      expect(byServer(connection), `${connection.id} was served by one process`).to.have.length(1);
      expect(restarted, `${connection.id} was ended by the restart of its process`).to.include(byServer(connection)[0]);
    }
    // Each old process had streams open, and ended each of them.
    for (const name of restarted) expect(ended.some((connection) => byServer(connection)[0] === name), `${name} held a stream`).to.equal(true);
    // The clients reconnected (Last-Event-ID) and missed no item and read none twice.
    for (const client of clients) {
      const numbers = client.connections.flatMap((connection) => connection.items.map((item) => item.n));
      expect(numbers.every((n, i) => n === i), `${client.name} read 0, 1, 2, ... without a gap`).to.equal(true);
      expect(client.connections.length, `${client.name} reconnected`).to.be.at.least(2);
    }
    // The generator's finally ran for every stream, those the servers ended and those the clients left.
    const missing = () => connections.filter((connection) => connection.items.length > 0 && !(logs.get(byServer(connection)[0]) ?? '').includes(`stream ${connection.id} finally`)).map((connection) => connection.id);
    for (let tries = 0; tries < 100 && missing().length > 0; tries++) await sleep(50);
    expect(missing(), 'streams whose finally did not run').to.deep.equal([]);
  });
});

/** Waits until the proxy answers a request (its first checks passed). */
async function untilAnswered(port: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const answer = await get(port, '/health').catch(() => null);
    if (answer?.status === 200) return;
    await sleep(100);
  }
  throw new Error('haproxy never answered');
}
