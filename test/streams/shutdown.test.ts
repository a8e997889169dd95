import { expect } from 'chai';
import { request } from 'node:http';
import { closeGracefully, Controller, createApp, Get, Signal } from '../../src';
import { eventually, serve } from './helpers';

const Item = { type: 'object', properties: { n: { type: 'integer' } } } as const;

describe('streams: shutdown (docs/streams.md#shutdown)', () => {
  it('closeGracefully ends open streams once its readiness delay is over: iterators returned, streams complete, the server closed', async () => {
    let finished = 0;
    let opened = 0;
    @Controller('/feed')
    class Feed {
      @Get('', { name: 'feed', responses: { 200: { items: Item } } })
      async *feed(@Signal() signal: AbortSignal) {
        opened++;
        try {
          yield { n: 0 };
          await new Promise((resolve) => signal.addEventListener('abort', resolve)); // nothing more to say until the request ends
        } finally {
          finished++;
        }
      }
    }
    const { server, port } = await serve(createApp({ routes: [Feed] }));
    const ends: Promise<{ text: string; complete: boolean }>[] = [];
    for (let i = 0; i < 3; i++) {
      ends.push(
        new Promise((resolve) => {
          const req = request({ host: '127.0.0.1', port, path: '/feed', headers: { accept: 'text/event-stream' } }, (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve({ text, complete: true }));
            res.on('aborted', () => resolve({ text, complete: false }));
          });
          req.on('error', () => resolve({ text: '', complete: false }));
          req.end();
        }),
      );
    }
    await eventually(() => opened === 3);
    let ended = false;
    const closing = closeGracefully(server, { readinessDelay: 30, timeout: 60_000 });
    void Promise.all(ends).then(() => (ended = true));
    // During the readiness delay the streams stay open.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ended).to.equal(false);
    await closing;
    const results = await Promise.all(ends);
    expect(results.map((result) => result.complete)).to.deep.equal([true, true, true]);
    expect(results.every((result) => result.text.startsWith('data: {"n":0}'))).to.equal(true);
    await eventually(() => finished === 3);
    expect(server.listening).to.equal(false);
  });
});
