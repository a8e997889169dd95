import { expect } from 'chai';
import { Controller, createApp, Get, Header, InvalidArgument, serverEvent } from '../../src';
import { events, read, readThenLeave, serve } from './helpers';

const Item = { type: 'object', properties: { n: { type: 'integer' } } } as const;
let comment: () => void = () => {};

@Controller('/sse')
class Events {
  @Get('', { name: 'events', responses: { 200: { items: Item } } })
  async *events(@Header('last-event-id') last?: string) {
    yield serverEvent({ data: { n: Number(last ?? 0) + 1 }, event: 'tick', id: String(Number(last ?? 0) + 1), retry: 2000 });
    yield { n: 9 };
  }
  @Get('/beat', { name: 'beat', responses: { 200: { items: Item } }, stream: { heartbeat: 5 } })
  async *beat() {
    yield { n: 1 };
    // The next item waits for the client to have seen a heartbeat.
    await new Promise<void>((resolve) => (comment = resolve));
    yield { n: 2 };
  }
  @Get('/quiet', { name: 'quiet', responses: { 200: { items: Item } }, stream: { heartbeat: 0 } })
  async *quiet() {
    yield { n: 1 };
    await new Promise((resolve) => setTimeout(resolve, 30));
    yield { n: 2 };
  }
}

describe('streams: Server-Sent Events and JSON Lines (docs/streams.md#server-sent-events)', () => {
  it('a plain item is one data line; serverEvent() sets event, id and retry; Last-Event-ID is a header like any', async () => {
    const { server, port } = await serve(createApp({ routes: [Events] }));
    try {
      const response = await read(port, '/sse', { accept: 'text/event-stream', 'last-event-id': '41' });
      expect(response.text).to.equal('event: tick\nid: 42\nretry: 2000\ndata: {"n":42}\n\ndata: {"n":9}\n\n');
      const lines = await read(port, '/sse', { accept: 'application/jsonl' });
      expect(lines.text).to.equal('{"n":1}\n{"n":9}\n');
    } finally {
      server.close();
    }
  });

  it('sends Cache-Control: no-cache and X-Accel-Buffering: no, and no Content-Length', async () => {
    const { server, port } = await serve(createApp({ routes: [Events] }));
    try {
      const { headers } = await read(port, '/sse', { accept: 'text/event-stream' });
      expect(headers).to.include({ 'cache-control': 'no-cache', 'x-accel-buffering': 'no', 'transfer-encoding': 'chunked' });
      expect(headers).not.to.have.property('content-length');
    } finally {
      server.close();
    }
  });

  it('writes a comment line every stream.heartbeat ms', async () => {
    const { server, port } = await serve(createApp({ routes: [Events] }));
    try {
      const seen = await readThenLeave(port, '/sse/beat', (text) => text.includes(':\n\n'), { accept: 'text/event-stream' });
      expect(seen.startsWith('data: {"n":1}\n\n')).to.equal(true);
      comment();
    } finally {
      server.close();
    }
  });

  it('writes no comment with heartbeat 0, and none in JSON Lines', async () => {
    const { server, port } = await serve(createApp({ routes: [Events] }));
    try {
      expect((await read(port, '/sse/quiet', { accept: 'text/event-stream' })).text).to.equal('data: {"n":1}\n\ndata: {"n":2}\n\n');
    } finally {
      server.close();
    }
  });

  it('serverEvent() refuses fields that would break the event', () => {
    expect(() => serverEvent({ data: 1, id: 'a\nb' })).to.throw(InvalidArgument);
    expect(() => serverEvent({ data: 1, event: 'x\ry' })).to.throw(InvalidArgument);
    expect(() => serverEvent({ data: 1, retry: -1 })).to.throw(InvalidArgument);
    expect(events(`id: ${serverEvent({ data: 1, id: '7' }).id}\n\n`)).to.deep.equal([{ id: '7' }]);
  });
});
