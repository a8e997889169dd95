import { expect } from 'chai';
import request from 'supertest';
import { Body, Controller, createApp, FormParser, JSONParser, Post, RawParser, TextParser } from '../../../src';

const order = {
  type: 'object',
  required: ['item', 'count'],
  properties: { item: { type: 'string' }, count: { type: 'integer', minimum: 1 }, gift: { type: 'boolean' }, tags: { type: 'array', items: { type: 'string' } }, note: { type: ['string', 'null'] } },
  additionalProperties: false,
};

@Controller('/orders', { parsers: [JSONParser(), FormParser()] })
class Orders {
  @Post('', 'create') create(@Body({ schema: order }) body: object) {
    return body;
  }
}

const agent = (limits?: object) => request(createApp({ routes: [Orders], limits }).callback());

describe('http/parsers: forms, text and raw bodies', () => {
  it('coerces form values to the schema’s types, as ajv’s coerceTypes does', async () => {
    const response = await agent().post('/orders').type('form').send('item=tea&count=3&gift=true&tags=green').expect(200);
    expect(response.body).to.deep.equal({ item: 'tea', count: 3, gift: true, tags: ['green'] });
    const two = await agent().post('/orders').type('form').send('item=tea&count=3&tags=a&tags=b').expect(200);
    expect(two.body.tags).to.deep.equal(['a', 'b']);
  });

  it('keeps JSON strict: the same route refuses "3" for an integer in JSON', async () => {
    const response = await agent().post('/orders').set('Content-Type', 'application/json').send('{"item":"tea","count":"3"}').expect(400);
    expect(response.body.errors).to.deep.equal([{ detail: 'must be integer', pointer: '#/count' }]);
  });

  it('answers 400 with pointers when a form value does not coerce', async () => {
    const response = await agent().post('/orders').type('form').send('item=tea&count=many').expect(400);
    expect(response.body.errors).to.deep.equal([{ detail: 'must be integer', pointer: '#/count' }]);
  });

  it('decodes raw bytes and percent-escapes alike, in the charset the body names (as Django does)', async () => {
    // superagent would turn a Buffer sent as a form into fields: the bytes go out through fetch.
    const server = createApp({ routes: [Orders] }).listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    const send = async (type: string, bytes: Buffer) => {
      const response = await fetch(`http://127.0.0.1:${port}/orders`, { method: 'POST', headers: { 'Content-Type': type }, body: bytes });
      return { status: response.status, body: (await response.json()) as { item?: string } };
    };
    try {
      const latin1 = await send('application/x-www-form-urlencoded; charset=iso-8859-1', Buffer.concat([Buffer.from('item='), Buffer.from([0xe9]), Buffer.from('%E9%C3%A9&count=1')]));
      expect([latin1.status, latin1.body.item]).to.deep.equal([200, 'ééÃ©']);
      const utf8 = await send('application/x-www-form-urlencoded', Buffer.concat([Buffer.from('item='), Buffer.from('é'), Buffer.from('%C3%A9&count=1')]));
      expect([utf8.status, utf8.body.item]).to.deep.equal([200, 'éé']);
      expect((await send('application/x-www-form-urlencoded', Buffer.from('item=%E9&count=1'))).status).to.equal(400);
      expect((await send('application/x-www-form-urlencoded; charset=no-such-charset', Buffer.from('item=a&count=1'))).status).to.equal(415);
    } finally {
      server.close();
    }
  });

  it('answers 400 to malformed percent-encoding and keeps a literal + as a space', async () => {
    const bad = await agent().post('/orders').type('form').send('item=%zz&count=1').expect(400);
    expect(bad.body.detail).to.equal('Malformed form body: invalid percent-encoding.');
    await agent().post('/orders').type('form').send('item=%E0%A4%A&count=1').expect(400);
    expect((await agent().post('/orders').type('form').send('item=green+tea&count=1').expect(200)).body.item).to.equal('green tea');
  });

  it('answers 413 over limits.fields and limits.body', async () => {
    const fields = await agent({ fields: 2 }).post('/orders').type('form').send('item=a&count=1&gift=true').expect(413);
    expect(fields.body.detail).to.equal('Request body is over the limit of limits.fields (2).');
    await agent({ body: 16 }).post('/orders').type('form').send(`item=${'a'.repeat(20)}&count=1`).expect(413);
  });

  it('never reaches a prototype: __proto__ and constructor are plain fields', async () => {
    @Controller('/echo', { parsers: [FormParser()] })
    class Echo {
      @Post('', 'echo') echo(@Body() body: Record<string, unknown>) {
        return { keys: Object.keys(body), proto: Object.getPrototypeOf(body) === null, polluted: ({} as { x?: unknown }).x === undefined };
      }
    }
    const response = await request(createApp({ routes: [Echo] }).callback()).post('/echo').type('form').send('__proto__[x]=1&__proto__=2&constructor=3').expect(200);
    expect(response.body).to.deep.equal({ keys: ['__proto__[x]', '__proto__', 'constructor'], proto: true, polluted: true });
  });

  it('reads text in its charset, 415 for one no decoder knows', async () => {
    @Controller('/text', { parsers: [TextParser()] })
    class Text {
      @Post('', 'text') text(@Body() body: string) {
        return { body };
      }
    }
    const app = request(createApp({ routes: [Text] }).callback());
    expect((await app.post('/text').set('Content-Type', 'text/plain; charset=latin1').send(Buffer.from([0x63, 0x61, 0x66, 0xe9])).expect(200)).body).to.deep.equal({ body: 'café' });
    await app.post('/text').set('Content-Type', 'text/plain; charset=klingon').send('a').expect(415);
  });

  it('reads raw bodies of a chosen media type up to limits.body', async () => {
    @Controller('/raw', { parsers: [RawParser({ mediaType: 'application/pdf' })] })
    class Raw {
      @Post('', 'raw') raw(@Body() body: Buffer) {
        return { size: body.length };
      }
    }
    const app = request(createApp({ routes: [Raw], limits: { body: 8 } }).callback());
    expect((await app.post('/raw').set('Content-Type', 'application/pdf').send(Buffer.alloc(8)).expect(200)).body).to.deep.equal({ size: 8 });
    await app.post('/raw').set('Content-Type', 'application/pdf').send(Buffer.alloc(9)).expect(413);
    await app.post('/raw').set('Content-Type', 'application/octet-stream').send(Buffer.alloc(1)).expect(415);
  });
});
