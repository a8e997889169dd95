import { expect } from 'chai';
import { Controller, createApp, Get, ImproperlyConfigured, JSONLinesRenderer, JSONRenderer, type Schema } from '../../src';
import { events, read, serve } from './helpers';

const Item = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } as const;

@Controller('/s', { renderers: [JSONRenderer] })
class Streams {
  @Get('', { name: 'items', responses: { 200: { items: Item } } })
  async *items() {
    yield { n: 1, secret: 'never sent' };
    yield { n: 2 };
  }
  @Get('/lines', { name: 'lines', responses: { 200: { items: Item } }, renderers: [JSONLinesRenderer] })
  async *lines() {
    yield { n: 1 };
  }
  @Get('/bad-first', { name: 'bad-first', responses: { 200: { items: Item } } })
  async *badFirst() {
    yield { n: 'one' };
  }
  @Get('/bad-later', { name: 'bad-later', responses: { 200: { items: Item } } })
  async *badLater() {
    yield { n: 1 };
    yield { n: 'two' };
  }
  @Get('/undeclared', 'undeclared')
  async *undeclared() {
    yield { n: 1 };
  }
}

function app(validateResponses = false) {
  const made = createApp({ routes: [Streams], validateResponses });
  const errors: (Error & { code?: string })[] = [];
  made.on('error', (error) => errors.push(error));
  return { made, errors };
}

describe('streams: declaring a stream (docs/streams.md#declaring-a-stream)', () => {
  it('negotiates SSE (the first, what */* gets), JSON Lines and x-ndjson by Accept, whatever the controller renders', async () => {
    const { server, port } = await serve(app().made);
    try {
      const any = await read(port, '/s', { accept: '*/*' });
      expect(any.headers['content-type']).to.match(/^text\/event-stream/);
      expect(events(any.text)).to.deep.equal([{ data: '{"n":1}' }, { data: '{"n":2}' }]);
      const lines = await read(port, '/s', { accept: 'application/jsonl' });
      expect([lines.headers['content-type'], lines.text]).to.deep.equal(['application/jsonl', '{"n":1}\n{"n":2}\n']);
      const nd = await read(port, '/s', { accept: 'application/x-ndjson' });
      expect([nd.headers['content-type'], nd.text]).to.deep.equal(['application/x-ndjson', '{"n":1}\n{"n":2}\n']);
      const json = await read(port, '/s', { accept: 'application/json' });
      expect(json.status).to.equal(406);
      expect(JSON.parse(json.text).available).to.deep.equal(['text/event-stream', 'application/jsonl', 'application/x-ndjson']);
    } finally {
      server.close();
    }
  });

  it('a route naming its stream renderers answers only those', async () => {
    const { server, port } = await serve(app().made);
    try {
      expect((await read(port, '/s/lines', { accept: 'text/event-stream' })).status).to.equal(406);
      expect((await read(port, '/s/lines')).text).to.equal('{"n":1}\n');
    } finally {
      server.close();
    }
  });

  it('writes each item through the item schema: undeclared members are never sent', async () => {
    const { server, port } = await serve(app().made);
    try {
      expect((await read(port, '/s', { accept: 'application/jsonl' })).text).not.to.include('secret');
    } finally {
      server.close();
    }
  });

  it('under validateResponses, an invalid first item is the ordinary 500, reported as INVALID_RESPONSE', async () => {
    const { made, errors } = app(true);
    const { server, port } = await serve(made);
    try {
      const response = await read(port, '/s/bad-first', { accept: 'text/event-stream' });
      expect(response.status).to.equal(500);
      expect(response.headers['content-type']).to.equal('application/problem+json');
      expect(errors.map((error) => error.code)).to.deep.equal(['INVALID_RESPONSE']);
    } finally {
      server.close();
    }
  });

  it('under validateResponses, an invalid later item ends the stream with event: error', async () => {
    const { made, errors } = app(true);
    const { server, port } = await serve(made);
    try {
      const response = await read(port, '/s/bad-later', { accept: 'text/event-stream' });
      expect(response.status).to.equal(200);
      const [first, last] = events(response.text);
      expect(first).to.deep.equal({ data: '{"n":1}' });
      expect(last.event).to.equal('error');
      expect(JSON.parse(last.data)).to.include({ status: 500, detail: 'A server error occurred.' });
      expect(errors.map((error) => error.code)).to.deep.equal(['INVALID_RESPONSE']);
    } finally {
      server.close();
    }
  });

  it('an async iterable from a route that declares no items is an InvalidResponse naming the route and the fix, never {}', async () => {
    const { made, errors } = app();
    const { server, port } = await serve(made);
    try {
      const response = await read(port, '/s/undeclared');
      expect(response.status).to.equal(500);
      expect(response.text).not.to.equal('{}');
      expect(errors.map((error) => error.code)).to.deep.equal(['INVALID_RESPONSE']);
      expect(errors[0].message).to.include("route 'undeclared'").and.to.include('responses: { 200: { items: schema } }');
    } finally {
      server.close();
    }
  });

  describe('checked when the app is built', () => {
    const built = (responses: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
      @Controller('/x')
      class X {
        @Get('', { name: 'x', responses: responses as Record<string, { items?: Schema }>, ...extra })
        async *x() {}
      }
      return () => createApp({ routes: [X] });
    };
    const cases: [string, Record<string, unknown>, Record<string, unknown>?][] = [
      ['items on a 4xx', { 404: { items: Item } }],
      ['both schema and items', { 200: { schema: Item, items: Item } }],
      ['items on two statuses', { 200: { items: Item }, 201: { items: Item } }],
      ['items that are no schema', { 200: { items: 42 } }],
      ['a negative heartbeat', { 200: { items: Item } }, { stream: { heartbeat: -1 } }],
      ['an unknown stream option', { 200: { items: Item } }, { stream: { beat: 1 } }],
      ['stream options without items', { 200: { schema: Item } }, { stream: { heartbeat: 1000 } }],
    ];
    for (const [what, responses, extra] of cases) {
      it(`refuses ${what}`, () => {
        expect(built(responses, extra)).to.throw(ImproperlyConfigured);
      });
    }
    it('accepts items on a 2XX range with a heartbeat of 0', () => {
      expect(built({ '2XX': { items: Item } }, { stream: { heartbeat: 0 } })).not.to.throw();
    });
  });
});
