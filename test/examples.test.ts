import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import request from 'supertest';
import { app } from '../examples/app';

const root = join(__dirname, '..');

describe('examples', () => {
  it('the sample app lists, shows and creates users with reversed links', async () => {
    const server = request(app.callback());
    const list = await server.get('/users').set('Host', 'localhost:3000').expect(200);
    expect(list.body[0]).to.deep.equal({ id: 1, name: 'Ada', url: 'http://localhost:3000/users/1' });
    await server.get('/users/abc').expect(404);
    const created = await server.post('/users').set('Host', 'localhost:3000').send({ name: 'Linus' }).expect(201);
    expect(created.headers.location).to.equal(created.body.url);
    expect((await server.get(new URL(created.body.url).pathname).expect(200)).body.name).to.equal('Linus');
    // The create schema says what the handler accepts: no empty name, no name of blanks only.
    for (const name of ['', '  ']) expect((await server.post('/users').send({ name }).expect(400)).body.errors[0].pointer).to.equal('#/name');
    // The stored record's passwordHash is not in the response schemas: it is never sent.
    expect(list.text + created.text).to.not.include('passwordHash');
  });

  it('app.url works outside a request, on the configured origin', () => {
    expect(app.url('users-detail', { id: 1 }, { absolute: true })).to.equal('http://localhost:3000/users/1');
  });

  it('`npm start` serves GET /users as JSON; SIGTERM to the npm process drains and stops the server too', async function () {
    this.timeout(40_000);
    // detached: a process group of its own, so cleanup can reach an orphaned server; the test signals npm alone.
    const child = spawn('npm', ['start', '--silent'], { cwd: root, env: { ...process.env, PORT: '0' }, detached: true });
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    try {
      let out = '';
      child.stderr.on('data', (chunk) => (out += chunk));
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          out += chunk;
          const found = /listening on (http:\/\/\S+)/.exec(out);
          if (found) resolve(found[1]);
        });
        child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${out}`)));
      });
      const res = await fetch(`${url}/users`);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
      expect(((await res.json()) as unknown[]).length).to.equal(2);
      process.kill(child.pid as number, 'SIGTERM');
      // 'close' comes once every process holding npm's output pipes is gone: an orphaned server keeps them open.
      const outcome = await Promise.race([closed.then(() => 'closed'), new Promise((resolve) => setTimeout(resolve, 20_000, 'still running'))]);
      expect(outcome, out).to.equal('closed');
      expect(out).to.contain('SIGTERM: finishing in-flight requests').and.contain('closed');
      const refused = await fetch(`${url}/users`).then(() => false, () => true);
      expect(refused, 'the port is closed').to.equal(true);
    } finally {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // the group is gone already
      }
    }
  });

  it('examples/cluster.ts: two workers share one port and both answer; SIGTERM to the primary stops them all', async function () {
    this.timeout(60_000);
    const child = spawn(process.execPath, ['-r', 'ts-node/register', 'examples/cluster.ts'], { cwd: root, env: { ...process.env, PORT: '0', WORKERS: '2' }, detached: true });
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    try {
      let out = '';
      child.stderr.on('data', (chunk) => (out += chunk));
      const urls = await new Promise<string[]>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          out += chunk;
          const found = [...out.matchAll(/worker \d+ listening on (http:\/\/\S+)/g)].map((match) => match[1]);
          if (found.length === 2) resolve(found);
        });
        child.once('exit', (code) => reject(new Error(`cluster exited with ${code}: ${out}`)));
      });
      expect(urls[0], 'one port').to.equal(urls[1]);
      // A new connection per request: the primary hands connections to the workers in turn.
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          new Promise<{ status?: number; worker: string; body: string }>((resolve, reject) => {
            get(`${urls[0]}/users`, { agent: false, headers: { connection: 'close' } }, (res) => {
              let body = '';
              res.on('data', (chunk) => (body += chunk));
              res.on('end', () => resolve({ status: res.statusCode, worker: String(res.headers['x-worker']), body }));
            }).on('error', reject);
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).to.deep.equal(Array(10).fill(200));
      expect(new Set(answers.map((answer) => answer.body)).size, 'every worker answers the same').to.equal(1);
      expect(new Set(answers.map((answer) => answer.worker)).size, 'both workers answered').to.equal(2);
      process.kill(child.pid as number, 'SIGTERM');
      const outcome = await Promise.race([closed.then(() => 'closed'), new Promise((resolve) => setTimeout(resolve, 20_000, 'still running'))]);
      expect(outcome, out).to.equal('closed');
      expect(await fetch(`${urls[0]}/users`).then(() => 'open', () => 'refused')).to.equal('refused');
    } finally {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // the group is gone already
      }
    }
  });

  it('examples/pinned-server.ts serves the app examples/pinned.ts makes, and exports nothing (docs/getting-started.md#an-app-module-and-a-server-module)', async function () {
    this.timeout(60_000);
    expect(readFileSync(join(root, 'examples', 'pinned-server.ts'), 'utf8')).to.not.match(/^export /m);
    const child = spawn(process.execPath, ['-r', 'ts-node/register', 'examples/pinned-server.ts'], { cwd: root, env: { ...process.env, PORT: '0' } });
    try {
      let out = '';
      child.stderr.on('data', (chunk) => (out += chunk));
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          out += chunk;
          const found = /listening on (http:\/\/\S+)/.exec(out);
          if (found) resolve(found[1]);
        });
        child.once('exit', (code) => reject(new Error(`pinned-server exited with ${code}: ${out}`)));
      });
      const res = await fetch(`${url}/users`, { headers: { 'X-Api-Key': 'k1' } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('waymark-version')).to.equal('v3');
    } finally {
      child.kill();
    }
  });
});
