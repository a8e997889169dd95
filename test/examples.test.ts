import { expect } from 'chai';
import { spawn } from 'node:child_process';
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
    expect((await server.post('/users').send({ name: '' }).expect(400)).body.detail).to.equal('A user needs a non-empty "name".');
  });

  it('app.url works outside a request, on the configured origin', () => {
    expect(app.url('users-detail', { id: 1 }, { absolute: true })).to.equal('http://localhost:3000/users/1');
  });

  it('`npm start` serves GET /users as JSON and exits cleanly on SIGTERM', async function () {
    this.timeout(30_000);
    const child = spawn('npm', ['start', '--silent'], { cwd: root, env: { ...process.env, PORT: '0' }, detached: true });
    try {
      let out = '';
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
      const exited = new Promise((resolve) => child.once('close', resolve));
      process.kill(-(child.pid as number), 'SIGTERM');
      await exited;
      // npm itself dies of the signal; the server below it drains and says so.
      expect(out).to.contain('SIGTERM: finishing in-flight requests').and.contain('closed');
    } finally {
      if (child.exitCode === null) process.kill(-(child.pid as number), 'SIGKILL');
    }
  });
});
