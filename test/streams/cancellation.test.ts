import { expect } from 'chai';
import { request } from 'node:http';
import { Controller, createApp, Ctx, Get, Signal } from '../../src';
import type { Context } from 'koa';
import { eventually, readThenLeave, serve } from './helpers';

const Item = { type: 'object', properties: { n: { type: 'integer' }, pad: { type: 'string' } } } as const;
const PAD = 'x'.repeat(256 * 1024);

describe('streams: cancellation and backpressure (docs/streams.md#cancellation)', () => {
  it("a client that goes away makes the generator's finally run, and nothing is pulled or written after", async () => {
    let pulls = 0;
    let finished = 0;
    let writesAfter = 0;
    let gone = false;
    @Controller('/forever')
    class Forever {
      @Get('', { name: 'forever', responses: { 200: { items: Item } } })
      async *forever(@Ctx() ctx: Context) {
        const write = ctx.res.write.bind(ctx.res);
        ctx.res.write = ((...args: Parameters<typeof write>) => {
          if (gone) writesAfter++;
          return write(...args);
        }) as typeof write;
        try {
          for (let n = 0; ; n++) {
            pulls++;
            yield { n };
            await new Promise((resolve) => setImmediate(resolve));
          }
        } finally {
          finished++;
        }
      }
    }
    const { server, port } = await serve(createApp({ routes: [Forever] }));
    try {
      await readThenLeave(port, '/forever', (text) => text.includes('"n":3'));
      await eventually(() => finished === 1);
      gone = true;
      const pulled = pulls;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pulls).to.equal(pulled);
      expect(writesAfter).to.equal(0);
    } finally {
      server.close();
    }
  });

  it('ctx.signal first read after the client went away is already aborted (the stream never asked for it before)', async () => {
    const seen: boolean[] = [];
    @Controller('/late')
    class Late {
      @Get('', { name: 'late', responses: { 200: { items: Item } } })
      async *late(@Ctx() ctx: Context) {
        try {
          for (let n = 0; ; n++) {
            yield { n };
            await new Promise((resolve) => setImmediate(resolve));
          }
        } finally {
          seen.push(ctx.signal.aborted);
        }
      }
    }
    const { server, port } = await serve(createApp({ routes: [Late] }));
    try {
      await readThenLeave(port, '/late', (text) => text.includes('"n":2'));
      await eventually(() => seen.length === 1);
      expect(seen).to.deep.equal([true]);
    } finally {
      server.close();
    }
  });

  it('ctx.signal and @Signal() abort when the client goes away, on any request', async () => {
    const aborted: string[] = [];
    let started = () => {};
    const entered = new Promise<void>((resolve) => (started = resolve));
    @Controller('/wait')
    class Wait {
      @Get('', 'wait') wait(@Signal() signal: AbortSignal, @Ctx() ctx: Context) {
        expect(signal).to.equal(ctx.signal);
        signal.addEventListener('abort', () => aborted.push('signal'));
        started();
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve({})));
      }
    }
    const { server, port } = await serve(createApp({ routes: [Wait] }));
    try {
      const req = request({ host: '127.0.0.1', port, path: '/wait' });
      req.on('error', () => {});
      req.end();
      await entered;
      req.destroy();
      await eventually(() => aborted.length === 1);
    } finally {
      server.close();
    }
  });

  it('a slow reader: the generator is not pulled ahead of the socket', async () => {
    let pulls = 0;
    @Controller('/big')
    class Big {
      @Get('', { name: 'big', responses: { 200: { items: Item } } })
      async *big() {
        for (let n = 0; n < 400; n++) {
          pulls++;
          yield { n, pad: PAD };
        }
      }
    }
    const { server, port } = await serve(createApp({ routes: [Big] }));
    let received = 0;
    let slow = true;
    const req = request({ host: '127.0.0.1', port, path: '/big', headers: { accept: 'application/jsonl' } });
    req.on('error', () => {});
    try {
      const res = await new Promise<import('node:http').IncomingMessage>((resolve) => req.on('response', resolve).end());
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (slow) res.pause(); // reads one chunk, then stops reading: the socket's buffers fill
      });
      // Until the pulls stop growing: the server waits for the socket.
      let last = -1;
      while (pulls !== last) {
        last = pulls;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // Each item is 256 KiB: what the pulls made is what the socket and the kernel's buffers took, not all 400 items.
      const ahead = pulls * PAD.length - received;
      expect(pulls).to.be.lessThan(200);
      expect(ahead).to.be.lessThan(40 * 1024 * 1024);
      slow = false;
      res.resume();
      await eventually(() => pulls > last + 10); // reading again lets it go on
    } finally {
      req.destroy();
      server.close();
    }
  });
});
