import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSampleApp } from '../examples/app';

interface Example {
  versioning: string;
  command: string;
  answer: string;
}

/** The `console` blocks of docs/versioning.md: `# VERSIONING=x npm start`, then `$ curl ...` lines each followed by the answer. */
function examples(): Example[] {
  const readme = readFileSync(join(__dirname, '..', 'docs', 'versioning.md'), 'utf8');
  const found: Example[] = [];
  for (const [, block] of readme.matchAll(/```console\n([\s\S]*?)```/g)) {
    const lines = block.trimEnd().split('\n');
    const versioning = /^# VERSIONING=(\S+) npm start$/.exec(lines[0])?.[1];
    if (!versioning) throw new Error(`console block without a VERSIONING line: ${lines[0]}`);
    for (let i = 1; i < lines.length; i += 2) found.push({ versioning, command: lines[i].replace(/^\$ /, ''), answer: lines[i + 1] });
  }
  return found;
}

/** Splits a command line on spaces outside single quotes. */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2]);
}

function curl(command: string, port: number): Promise<string> {
  const args = words(command.replaceAll(':3000', `:${port}`));
  expect(args.shift()).to.equal('curl');
  const headers: Record<string, string> = {};
  let target = '';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-s') continue;
    if (args[i] === '-H') {
      const [name, ...value] = args[++i].split(':');
      headers[name.trim()] = value.join(':').trim();
    } else target = args[i];
  }
  const url = new URL(`http://${target}`);
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path: url.pathname + url.search, headers: { host: url.host, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(body));
    })
      .on('error', reject)
      .end();
  });
}

describe('docs/versioning.md curl examples', () => {
  const all = examples();

  it('covers every versioning scheme', () => {
    expect(new Set(all.map((example) => example.versioning))).to.deep.equal(new Set(['accept-header', 'url-path', 'namespace', 'host-name', 'query-parameter']));
  });

  for (const { versioning, command, answer } of all) {
    it(`VERSIONING=${versioning}: ${command}`, async () => {
      const server = createSampleApp(versioning).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        expect(await curl(command, port)).to.equal(answer.replaceAll(':3000', `:${port}`));
      } finally {
        server.close();
      }
    });
  }
});
