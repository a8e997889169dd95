import { expect } from 'chai';
import { request } from 'node:http';
import { Controller, createApp, Get, Signal } from '../../src';
import { eventually, read, serve } from './helpers';

const Item = { type: 'object', properties: { n: { type: 'integer' } } } as const;

describe('streams: the middleware around a stream (docs/streams.md#middleware-around-a-stream)', () => {
  it("an app.use() middleware's await next() returns once the stream is open, while it stays open, and an error before the first item still travels up through it", async () => {
    const seen: string[] = [];
    let finished = false;
    @Controller('/feed')
    class Feed {
      @Get('', { name: 'feed', responses: { 200: { items: Item } }, stream: { heartbeat: 0 } })
      async *feed(@Signal() signal: AbortSignal) {
        try {
          yield { n: 0 };
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
        } finally {
          finished = true;
        }
      }
      @Get('/failing', { name: 'failing', responses: { 200: { items: Item } } })
      async *failing() {
        throw new Error('before the first item');
      }
    }
    const app = createApp({ routes: [Feed] });
    app.on('error', () => undefined);
    app.use(async (ctx, next) => {
      try {
        await next();
        seen.push(`returned ${ctx.path} ${ctx.status}`);
      } catch (error) {
        seen.push(`threw ${ctx.path} ${(error as Error).message}`);
        throw error;
      }
    });
    const { server, port } = await serve(app);
    try {
      let first = '';
      const req = request({ host: '127.0.0.1', port, path: '/feed', headers: { accept: 'application/jsonl' } }, (res) => res.on('data', (chunk) => (first += chunk)));
      req.end();
      await eventually(() => first === '{"n":0}\n');
      // The stream is open (its generator waits), and the middleware has returned: its frames are not held for the stream's life.
      await eventually(() => seen.includes('returned /feed 200'));
      expect(finished).to.equal(false);
      req.destroy();
      await eventually(() => finished);
      // An error before the first item still travels up through the middleware, to the ordinary error response.
      const failed = await read(port, '/feed/failing', { accept: 'application/jsonl' });
      expect(failed.status).to.equal(500);
      expect(seen).to.deep.equal(['returned /feed 200', 'threw /feed/failing before the first item']);
    } finally {
      server.close();
    }
  });
});
