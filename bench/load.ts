import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { requests } from './load-requests';

/**
 * The bounded load test (`npm run test:load`): one server with all five
 * schemes, 100 connections on loopback for 30 s after a 10 s warm-up, valid
 * requests mixed with hostile ones. It fails on any 5xx, error or timeout,
 * or when RSS at the end is over 1.2 x RSS after the warm-up.
 */
const seconds = Number(process.env.LOAD_SECONDS ?? 30);
/** Long enough for V8 to size its heap: RSS rises for the first ~10 s of load, then holds (heap after GC stays flat). */
const warmup = 10;
const connections = 100;


function ask(child: ReturnType<typeof fork>, what: 'rss' | 'heap'): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (reply: Record<string, number>) => resolve(reply[what] ?? 0));
    child.send(what);
  });
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

async function run(url: string, duration: number) {
  return autocannon({ url, connections, duration, requests, timeout: 10 });
}

async function main(): Promise<void> {
  const child = fork(join(__dirname, 'servers', 'mixed.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--expose-gc'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await run(url, warmup);
    const afterWarmup = await ask(child, 'rss');
    const heapAfterWarmup = await ask(child, 'heap');
    const result = await run(url, seconds);
    const atEnd = await ask(child, 'rss');
    const heapAtEnd = await ask(child, 'heap');
    const codes = (result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats;
    const serverErrors = Object.entries(codes).filter(([code]) => code.startsWith('5')).reduce((sum, [, { count }]) => sum + count, 0);
    const lines = [
      `${seconds} s, ${connections} connections, ${requests.length} request shapes (5 valid, ${requests.length - 5} hostile), 5 schemes`,
      `requests: ${result.requests.total} (${Math.round(result.requests.average)}/s), latency p99 ${result.latency.p99} ms`,
      `status codes: ${Object.entries(codes).map(([code, { count }]) => `${code}: ${count}`).join(', ')}`,
      `5xx: ${serverErrors}, errors: ${result.errors}, timeouts: ${result.timeouts}`,
      `RSS after warm-up ${mib(afterWarmup)}, at the end ${mib(atEnd)} (x${(atEnd / afterWarmup).toFixed(2)}, limit x1.20)`,
      `heap after GC: after warm-up ${mib(heapAfterWarmup)}, at the end ${mib(heapAtEnd)}`,
    ];
    console.log(lines.join('\n'));
    const failed = serverErrors > 0 || result.errors > 0 || result.timeouts > 0 || atEnd > afterWarmup * 1.2;
    console.log(failed ? 'load test: FAILED' : 'load test: passed');
    process.exitCode = failed ? 1 : 0;
  } finally {
    child.kill();
  }
}

void main();
