import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { Controller, createApp, Get, Query, redirect, reply } from '../../src';

// The table of targets and verdicts in docs/declaring-what-handlers-decide.md#which-targets-stay-on-the-origin
// is the test's data: the page and the behaviour cannot drift apart.

interface Row {
  target: string;
  sameOrigin: boolean;
  location: string;
}

function rows(): Row[] {
  const page = readFileSync(join(__dirname, '../../docs/declaring-what-handlers-decide.md'), 'utf8');
  const section = page.slice(page.indexOf('### Which targets stay on the origin'));
  const table = section.slice(section.indexOf('| Target |'));
  const lines = table.split('\n').slice(2);
  const found: Row[] = [];
  for (const line of lines) {
    if (!line.startsWith('|')) break;
    const [target, verdict, location] = line.split('|').slice(1, 4).map((cell) => cell.trim().replace(/^`|`$/g, ''));
    found.push({ target: target.replaceAll('\\t', '\t'), sameOrigin: verdict === 'same origin', location });
  }
  return found;
}

@Controller('')
class Redirects {
  @Get('/go', 'go') go(@Query('to') to: string) {
    return redirect(to);
  }
  @Get('/made', 'made') made(@Query('to') to: string) {
    return reply({}, { status: 201, location: to });
  }
}

describe('redirect targets, as the table in docs/declaring-what-handlers-decide.md says', () => {
  const table = rows();

  it('reads a table with both verdicts', () => {
    expect(table.filter((row) => row.sameOrigin).length).to.be.at.least(5);
    expect(table.filter((row) => !row.sameOrigin).length).to.be.at.least(10);
  });

  for (const path of ['/go', '/made']) {
    for (const row of table) {
      it(`${path} ${JSON.stringify(row.target)}: ${row.sameOrigin ? `Location ${row.location}` : 'refused'}`, async () => {
        const app = createApp({ routes: [Redirects] });
        app.silent = true;
        const errors: unknown[] = [];
        app.on('error', (error) => errors.push(error));
        const server = app.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        try {
          const { port } = server.address() as { port: number };
          const host = `127.0.0.1:${port}`;
          const fill = (text: string) => text.replaceAll('{origin}', `http://${host}`).replaceAll('{host}', host);
          const response = await request(server).get(path).query({ to: fill(row.target) }).set('Host', host);
          if (row.sameOrigin) {
            expect(response.status).to.equal(path === '/go' ? 302 : 201);
            expect(response.headers.location).to.equal(fill(row.location));
            expect(errors).to.deep.equal([]);
          } else {
            expect(response.status).to.equal(500);
            expect(response.headers.location).to.equal(undefined);
            expect(errors.length).to.equal(1);
          }
        } finally {
          server.close();
        }
      });
    }
  }
});
