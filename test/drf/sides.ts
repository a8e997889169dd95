import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { App } from '../../src';
import { mirroredApp, type Config } from './app';
import type { DiffRequest } from './generate';

/** What is compared of one response, on either side. */
export interface Answer {
  status: number;
  body: { version?: string | null; links?: Record<string, string>; detail?: string } | null;
  /** The body as text (UTF-8), whatever its type: what is compared of a CSV, text or HTML rendering. */
  text: string;
  vary: string;
  type: string;
  /** The `X-Self` header: the link to the route itself built with the request's reverse (content views). */
  self: string;
}

export interface DrfBatchItem extends DiffRequest {
  config: Config;
}

export interface DrfOutput {
  responses: Answer[];
  /** The same requests under DRF with RFC 9110's Accept rules (null without an Accept header); see variants.py. */
  variants: (Answer | null)[];
  reversals: ({ url: string } | { error: string })[];
}

/** The Python that has Debian's python3-django and python3-djangorestframework (not the pyenv one on PATH). */
export const PYTHON = process.env.WAYMARK_DRF_PYTHON ?? '/usr/bin/python3';
const DRIVER = join(__dirname, 'django_project', 'drive.py');

/** One python process answers the whole batch, in-process (Django's WSGI handler, no sockets). */
export function runDrf(batch: { requests?: DrfBatchItem[]; urlconf?: unknown[]; reversals?: unknown[] }): Promise<DrfOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, [DRIVER], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`drive.py exited ${code}: ${Buffer.concat(err).toString()}`));
      resolve(JSON.parse(Buffer.concat(out).toString()) as DrfOutput);
    });
    child.stdin.end(JSON.stringify(batch));
  });
}

/** The same requests through waymark: one server per configuration on app.callback(), kept-alive connections. */
export async function runWaymark<C extends Config>(config: C, requests: readonly DiffRequest[], build: (config: C) => App = mirroredApp): Promise<Answer[]> {
  const server = build(config).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    return await Promise.all(requests.map((one) => send(port, agent, one)));
  } finally {
    agent.destroy();
    server.closeAllConnections();
    server.close();
  }
}

function send(port: number, agent: Agent, one: DiffRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, agent, method: one.method, path: one.path, headers: one.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let body: Answer['body'] = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = null;
        }
        const header = (name: string) => String(res.headers[name] ?? '');
        resolve({ status: res.statusCode ?? 0, body, text, vary: header('vary'), type: header('content-type'), self: header('x-self') });
      });
    });
    req.on('error', reject);
    if (one.body === undefined) return void req.end();
    const bytes = Buffer.from(one.body, 'base64');
    req.setHeader('content-length', bytes.length);
    req.end(bytes);
  });
}
