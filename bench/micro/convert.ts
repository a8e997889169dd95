import 'reflect-metadata';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { createApp, QueryParameterVersioning } from '../../src';
import { record, recordSchema } from '../shared/contract';
import { history, Users } from '../shared/history';

// `history.convert()` of the contract row's 20-field record two versions back, against what converting the
// same response costs inside a request: a v1 request's time less a v3 request's (the same route, the same
// history, the head converting nothing), both sent in process so that no socket's noise hides the difference.
const app = createApp({ routes: [Users], versioning: new QueryParameterVersioning({ defaultVersion: 'v3' }), history });
const handle = app.callback();

/** One GET through the app's callback, with a request and a response on a socket that never writes. */
function inject(url: string): Promise<string> {
  const socket = new Socket();
  const req = new IncomingMessage(socket);
  req.method = 'GET';
  req.url = url;
  req.headers = { host: 'bench.local' };
  req.push(null);
  const res = new ServerResponse(req);
  return new Promise((resolve) => {
    let body = '';
    res.write = ((chunk: unknown) => ((body += String(chunk)), true)) as typeof res.write;
    res.end = ((chunk?: unknown) => {
      if (chunk !== undefined && typeof chunk !== 'function') body += String(chunk);
      resolve(body);
      return res;
    }) as typeof res.end;
    void handle(req, res);
  });
}

async function perRequest(url: string, iterations: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await inject(url);
  return Number(process.hrtime.bigint() - start) / iterations;
}

function perConvert(iterations: number): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) history.convert(recordSchema, record, { to: 'v1' });
  return Number(process.hrtime.bigint() - start) / iterations;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const converted = JSON.parse(await inject('/users/42?version=v1'));
  const same = history.convert(recordSchema, record, { to: 'v1' });
  if (JSON.stringify(converted) !== JSON.stringify(same)) throw new Error(`outputs differ: ${JSON.stringify(converted)} vs ${JSON.stringify(same)}`);
  const quick = process.argv.includes('--quick');
  const rounds = Number(process.env.BENCH_ROUNDS ?? (quick ? 3 : 10));
  const iterations = quick ? 5_000 : 20_000;
  const convert: number[] = [];
  const inRequest: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const older = await perRequest('/users/42?version=v1', iterations);
    const newest = await perRequest('/users/42?version=v3', iterations);
    inRequest.push(older - newest);
    convert.push(perConvert(iterations));
  }
  process.stdout.write(JSON.stringify({ convertNs: median(convert), inRequestNs: median(inRequest) }));
}

void main();
