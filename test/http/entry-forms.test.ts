import { expect } from 'chai';
import request from 'supertest';
import { Body, Controller, createApp, FormParser, Get, ImproperlyConfigured, include, JSONParser, JSONRenderer, MultiPartParser, Post, RawParser, TextParser, TextRenderer, type App, type Parser, type Renderer } from '../../src';
import { formatTable, rowsOf } from '../../src/cli/routes';

// Renderers and parsers in either form: the object, or a factory passed uncalled for its defaults (docs/renderers-and-parsers.md#instances-or-factories).

const csv: Renderer = { mediaType: 'text/csv', format: 'csv', render: (rows) => (rows as { id: number }[]).map((row) => row.id).join('\n') };
/** A renderer factory of the user's own, with options it defaults. */
const csvRenderer = (options: { separator?: string } = {}): Renderer => ({ ...csv, render: (rows) => (rows as { id: number }[]).map((row) => row.id).join(options.separator ?? '\n') });

type Forms = { parsers: readonly (Parser | (() => Parser))[]; renderers: readonly (Renderer | (() => Renderer))[] };
const called: Forms = { parsers: [FormParser(), TextParser()], renderers: [JSONRenderer, csvRenderer()] };
const uncalled: Forms = { parsers: [FormParser, TextParser], renderers: [JSONRenderer, csvRenderer] };

/** The message of what `factory()` throws, as this JavaScript engine words it, without its closing full stop. */
function thrownBy(factory: Function): string {
  try {
    factory();
  } catch (error) {
    return (error as Error).message.replace(/\.$/, '');
  }
  throw new Error('the factory threw nothing');
}

/** The same routes, with each level's parsers and renderers in one form or the other. */
function appIn(forms: Forms): App {
  @Controller('/notes')
  class Notes {
    @Post('', 'create') create(@Body() body: unknown) {
      return { body };
    }
    @Get('', 'list') list() {
      return [{ id: 1 }, { id: 2 }];
    }
    @Post('/raw', { name: 'raw', parsers: forms === uncalled ? [RawParser] : [RawParser()] }) raw(@Body() body: Buffer) {
      return { size: body.length };
    }
    @Get('/one', { name: 'one', renderers: forms === uncalled ? [TextRenderer, () => csv] : [TextRenderer, csv] }) one() {
      return [{ id: 3 }];
    }
  }
  @Controller('/uploads', { parsers: forms === uncalled ? [MultiPartParser] : [MultiPartParser()] })
  class Uploads {
    @Post('', 'upload') upload(@Body() body: unknown) {
      return { body };
    }
  }
  return createApp({ routes: [Notes, include('/in', [Uploads], { namespace: 'in', parsers: forms.parsers, renderers: forms.renderers })], parsers: forms.parsers, renderers: forms.renderers });
}

/** What each form serves, to compare: the status of each body type on each route, and what each renderer writes. */
async function served(app: App) {
  const agent = request(app.callback());
  const out: Record<string, unknown> = {};
  for (const path of ['/notes', '/notes/raw', '/in/uploads']) {
    out[`${path} form`] = (await agent.post(path).type('form').send('a=1')).status;
    out[`${path} text`] = (await agent.post(path).set('Content-Type', 'text/plain').send('a')).status;
    out[`${path} json`] = (await agent.post(path).send({ a: 1 })).status;
    out[`${path} raw`] = (await agent.post(path).set('Content-Type', 'application/octet-stream').send(Buffer.from('ab'))).text;
    out[`${path} multipart`] = (await agent.post(path).field('a', '1')).text;
  }
  out['/notes csv'] = (await agent.get('/notes').set('Accept', 'text/csv')).text;
  out['/notes/one'] = (await agent.get('/notes/one')).text;
  out['/notes/one csv'] = (await agent.get('/notes/one').set('Accept', 'text/csv')).text;
  return out;
}

describe('renderers and parsers: an instance or a factory passed uncalled, at every level', () => {
  it('serves the same with FormParser as with FormParser(), and csvRenderer as csvRenderer(), on the app, an include, a controller and a route', async () => {
    const once = await served(appIn(called));
    expect(await served(appIn(uncalled))).to.deep.equal(once);
    expect(once).to.include({ '/notes form': 200, '/notes text': 200, '/notes json': 415, '/notes/raw raw': '{"size":2}', '/in/uploads multipart': '{"body":{"a":"1"}}', '/notes csv': '1\n2', '/notes/one csv': '3' });
  });

  it('documents the same request and response media types either way (app.openapi())', () => {
    const [one, other] = [appIn(called).openapi(), appIn(uncalled).openapi()];
    const media = (document: typeof one) =>
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item as Record<string, { requestBody?: { content: object }; responses: Record<string, { content?: object }> }>).map(([method, operation]) => [
          `${method} ${path}`,
          Object.keys(operation.requestBody?.content ?? {}),
          Object.keys(operation.responses['200']?.content ?? {}),
        ]),
      );
    expect(media(other)).to.deep.equal(media(one));
    expect(media(one)).to.deep.include.members([
      ['post /notes', ['application/x-www-form-urlencoded', 'text/plain'], ['application/json', 'text/csv']],
      ['post /in/uploads', ['multipart/form-data'], ['application/json', 'text/csv']],
      ['get /notes/one', [], ['text/plain', 'text/csv']],
    ]);
  });

  it('lists the same media types in waymark routes --media either way', () => {
    expect(formatTable(rowsOf(appIn(uncalled), true))).to.equal(formatTable(rowsOf(appIn(called), true)));
    expect(rowsOf(appIn(uncalled), true).find((row) => row.name === 'in:upload')).to.deep.include({ renderers: ['application/json', 'text/csv'], parsers: ['multipart/form-data'] });
  });

  it('calls an uncalled factory once, when the app is built', () => {
    let calls = 0;
    const counted = () => (calls++, JSONParser());
    createApp({ routes: [], parsers: [counted] });
    expect(calls).to.equal(1);
  });

  it('refuses, when the app is built, a class, a factory that needs its arguments, or one that makes no parser or renderer, naming the entry and the fix', () => {
    const parsers = (entry: unknown) => () => createApp({ routes: [], parsers: [JSONParser, entry as Parser] });
    class YamlParser {}
    expect(parsers(YamlParser)).to.throw(ImproperlyConfigured, 'createApp() option parsers: parsers entry 2 is the class YamlParser: give an instance, new YamlParser(), or a parser { mediaType, parse(ctx, limits) }.');
    const needs = function CsvParser(options: { delimiter: string }): Parser {
      const { delimiter } = options;
      return { mediaType: 'text/csv', parse: async () => delimiter };
    };
    // The reason in parentheses is the engine's own message (V8's, or JavaScriptCore's on Bun: docs/toolchains.md#waymarks-own-tests-on-bun-and-deno).
    expect(parsers(needs)).to.throw(ImproperlyConfigured, `parsers entry 2 is the factory CsvParser, which cannot be called without arguments (${thrownBy(needs)}): call it with its options, CsvParser({ ... }).`);
    expect(parsers(() => JSON.parse(''))).to.throw(ImproperlyConfigured, `parsers entry 2 is a factory, which cannot be called without arguments (${thrownBy(() => JSON.parse(''))}): call it with its options.`);
    expect(parsers(() => 42)).to.throw(ImproperlyConfigured, "parsers entry 2 must be a parser { mediaType: 'type/subtype', parse(ctx, limits) } or a factory of one such as JSONParser, got a function returning 42.");
    expect(parsers(async () => JSONParser())).to.throw(ImproperlyConfigured, 'got a function returning a Promise');
    const renderers = (entry: unknown) => () => createApp({ routes: [], renderers: [entry as Renderer] });
    class CsvRenderer {}
    expect(renderers(CsvRenderer)).to.throw(ImproperlyConfigured, 'createApp() option renderers entry 1 is the class CsvRenderer: give an instance, new CsvRenderer(), or a renderer { mediaType, format?, render(value, ctx) }.');
    expect(renderers(() => ({ mediaType: 'text/*', render: String }))).to.throw(ImproperlyConfigured, 'no wildcard');
    expect(renderers(() => 'csv')).to.throw(ImproperlyConfigured, 'must be a renderer { mediaType, format?, render(value, ctx) } or a factory of one such as () => csv');
    expect(() => include('/x', [], { renderers: [() => null as never] })).to.throw(ImproperlyConfigured, "include('/x', ..., { renderers }) entry 1");
  });
});
