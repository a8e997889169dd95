import { expect } from 'chai';
import { Controller, createApp, Get } from '../../src';
import { checkContract } from '../../src/testing';

describe('streams: checkContract reads the first items of every stream (docs/testing.md)', function () {
  this.timeout(120_000);

  for (const oas of ['3.1', '3.2'] as const) {
    it(`passes a stream that keeps its item schema, even one that never ends (${oas})`, async () => {
      @Controller('/feed')
      class Feed {
        @Get('', { name: 'feed', responses: { 200: { items: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } } })
        async *feed() {
          for (let n = 0; ; n++) {
            yield { n };
            await new Promise((resolve) => setTimeout(resolve, 1));
          }
        }
      }
      const report = await checkContract(createApp({ routes: [Feed], openapi: { version: oas } }), { runs: 3 });
      expect(report.operations[0].statuses).to.include(200);
    });

    it(`fails a stream whose items its document refuses (${oas})`, async () => {
      @Controller('/low')
      class Low {
        @Get('', { name: 'low', responses: { 200: { items: { type: 'integer', minimum: 10 } } } })
        async *low() {
          yield 12;
          yield 5; // the serializer writes it; the document says no
        }
      }
      const failure = await checkContract(createApp({ routes: [Low], openapi: { version: oas } }), { runs: 3 }).catch((error: Error) => error);
      expect(failure).to.be.instanceOf(Error);
      expect((failure as Error).message).to.include('item 2').and.to.include('item schema');
    });
  }

  it('fails a stream that breaks after it began (event: error)', async () => {
    @Controller('/broken')
    class Broken {
      @Get('', { name: 'broken', responses: { 200: { items: { type: 'integer' } } } })
      async *broken() {
        yield 1;
        throw new Error('gone');
      }
    }
    const app = createApp({ routes: [Broken] });
    app.on('error', () => {});
    const failure = await checkContract(app, { runs: 3 }).catch((error: Error) => error);
    expect((failure as Error).message).to.include('event: error');
  });
});
