import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

/** What a fresh process has loaded after building an app with an upload route, and after its first upload. */
const program = `
require('reflect-metadata');
const request = require('supertest');
const { Controller, createApp, File, MultiPartParser, Post } = require(${JSON.stringify(join(root, 'src'))});
const loaded = () => Object.keys(require.cache).some((path) => path.includes('@fastify/busboy'));
class Up { up(file) { return { size: file.size }; } }
File('f')(Up.prototype, 'up', 0);
Post('', 'up')(Up.prototype, 'up', Object.getOwnPropertyDescriptor(Up.prototype, 'up'));
Controller('/up', { parsers: [MultiPartParser({ storage: 'memory' })] })(Up);
const app = createApp({ routes: [Up] });
const before = loaded();
request(app.callback()).post('/up').attach('f', Buffer.from('x'), 'x.txt').then((response) => {
  process.stdout.write(JSON.stringify({ before, after: loaded(), status: response.status }));
});
`;

describe('http/parsers: busboy is loaded on the first multipart body, not before', function () {
  this.timeout(60_000);

  it('an app with an upload route does not load @fastify/busboy until an upload arrives', () => {
    const out = execFileSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', program], { cwd: root, encoding: 'utf8' });
    expect(JSON.parse(out)).to.deep.equal({ before: false, after: true, status: 200 });
  });
});
