import { expect } from 'chai';
import { Conflict, Controller, createApp, Get, NotFound } from '../../src';
import { events, read, readRaw, serve } from './helpers';

const Item = { type: 'object', properties: { n: { type: 'integer' } } } as const;
let finallies = 0;

@Controller('/e')
class Failing {
  @Get('/before', { name: 'before', responses: { 200: { items: Item } } })
  async *before() {
    try {
      throw new NotFound();
    } finally {
      finallies++;
    }
  }
  @Get('/crash-before', { name: 'crash-before', responses: { 200: { items: Item } } })
  async *crashBefore() {
    throw new Error('secret database detail');
  }
  @Get('/after', { name: 'after', responses: { 200: { items: Item } } })
  async *after() {
    yield { n: 1 };
    throw new Error('secret database detail');
  }
  @Get('/conflict-after', { name: 'conflict-after', responses: { 200: { items: Item } } })
  async *conflictAfter() {
    yield { n: 1 };
    throw new Conflict('the feed moved on');
  }
}

function made() {
  const app = createApp({ routes: [Failing] });
  const reported: Error[] = [];
  app.on('error', (error) => reported.push(error));
  return { app, reported };
}

describe('streams: errors (docs/streams.md#errors)', () => {
  it('an error before the first item is the ordinary error response', async () => {
    const { app, reported } = made();
    const { server, port } = await serve(app);
    try {
      const missing = await read(port, '/e/before', { accept: 'text/event-stream' });
      expect([missing.status, missing.headers['content-type'], JSON.parse(missing.text).status]).to.deep.equal([404, 'application/problem+json', 404]);
      expect(finallies).to.equal(1);
      const crash = await read(port, '/e/crash-before', { accept: 'text/event-stream' });
      expect(crash.status).to.equal(500);
      expect(crash.text).not.to.include('secret');
      expect(reported.map((error) => error.message)).to.deep.equal(['secret database detail']);
    } finally {
      server.close();
    }
  });

  it('after the first item, SSE ends with event: error carrying the problem document (generic for a 5xx), and the error event reports it', async () => {
    const { app, reported } = made();
    const { server, port } = await serve(app);
    try {
      const response = await read(port, '/e/after', { accept: 'text/event-stream' });
      expect(response.complete).to.equal(true);
      const [first, last] = events(response.text);
      expect(first).to.deep.equal({ data: '{"n":1}' });
      expect(last.event).to.equal('error');
      expect(JSON.parse(last.data)).to.deep.equal({ type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'A server error occurred.' });
      const conflict = events((await read(port, '/e/conflict-after', { accept: 'text/event-stream' })).text);
      expect(JSON.parse(conflict[1].data)).to.include({ status: 409, detail: 'the feed moved on' });
      expect(reported.map((error) => error.message)).to.deep.equal(['secret database detail', 'the feed moved on']);
    } finally {
      server.close();
    }
  });

  it('after the first item, JSON Lines closes without the terminating chunk, so the client sees an incomplete body', async () => {
    const { app, reported } = made();
    const { server, port } = await serve(app);
    try {
      const response = await readRaw(port, '/e/after', { accept: 'application/jsonl' });
      expect(response.status).to.equal(200);
      expect(response.complete).to.equal(false);
      expect(response.text).to.equal('{"n":1}\n');
      expect(reported).to.have.length(1);
      // A stream that ends well is complete: the difference a client relies on.
      @Controller('/ok')
      class Ok {
        @Get('', { name: 'ok', responses: { 200: { items: Item } } })
        async *ok() {
          yield { n: 1 };
        }
      }
      const fine = await serve(createApp({ routes: [Ok] }));
      expect(await readRaw(fine.port, '/ok', { accept: 'application/jsonl' })).to.deep.equal({ status: 200, text: '{"n":1}\n', complete: true });
      fine.server.close();
    } finally {
      server.close();
    }
  });
});
