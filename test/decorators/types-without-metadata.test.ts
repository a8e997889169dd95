import { expect } from 'chai';
import { transformSync } from 'esbuild';
import Module from 'node:module';
import { extname, join } from 'node:path';
import request from 'supertest';
import { Cookie, createApp, Header, ImproperlyConfigured, Param, Query } from '../../src';
import { buildError } from '../fixtures/build-error';

/**
 * waymark's entry file, with this file's extension (index.ts from source, index.js compiled): a
 * CommonJS require() of the folder looks for index.js only, unless ts-node registered `.ts`,
 * which it does not in the ES module cells (docs/toolchains.md#waymarks-own-tests-on-bun-and-deno).
 */
const src = join(__dirname, '..', '..', 'src', `index${extname(__filename)}`);

/**
 * Compiles `source` as tsx, Vitest 3 and `esbuild --bundle` do (esbuild: legacy decorators
 * from `experimentalDecorators`, no decorator metadata), runs it and returns its exports;
 * `'waymark'` is this repository's sources (docs/controllers-and-parameters.md#without-decorator-metadata).
 */
function esbuilt(source: string): Record<string, Function> {
  const { code } = transformSync(source.replaceAll("'waymark'", JSON.stringify(src)), {
    loader: 'ts',
    format: 'cjs',
    target: 'es2022',
    tsconfigRaw: { compilerOptions: { experimentalDecorators: true, emitDecoratorMetadata: true } },
  });
  const file = join(__dirname, 'esbuilt.js');
  const mod = new Module(file);
  mod.paths = require.resolve.paths('typescript') ?? []; // where a package is looked for from here (not `module.paths`: an ES module, as Bun takes this file, has no `module`)
  (mod as unknown as { _compile(code: string, file: string): void })._compile(code, file);
  return mod.exports as Record<string, Function>;
}


describe('decorators: types without decorator metadata', () => {
  it('esbuild records no parameter types, so an untyped @Param is refused, naming the short form', () => {
    const { Users } = esbuilt(`
      import { Controller, Get, Param } from 'waymark';
      @Controller('/users') export class Users { @Get('/:id', 'detail') detail(@Param('id') id: number) { return { id }; } }
    `);
    const error = buildError(Users);
    expect(error).to.be.instanceOf(ImproperlyConfigured);
    expect(error.message).to.contain("Users.detail parameter 1 (@Param('id'))").and.contain("@Param('id', Number)");
  });

  it("@Param('id', Number), @Query('at', Date), @Header('x-n', Number), @Cookie('n', Number) convert as their types say", async () => {
    const { Things } = esbuilt(`
      import { Controller, Cookie, Get, Header, Param, Query } from 'waymark';
      @Controller('/things') export class Things {
        @Get('/:id', 'thing') thing(@Param('id', Number) id: number, @Query('at', Date) at: Date, @Header('x-n', Number) n: number, @Cookie('c', Number) c: number, @Query('on', Boolean) on: boolean, @Query('tag', Array) tags: string[]) {
          return { id: [typeof id, id], at: at instanceof Date ? at.toISOString() : at, n: [typeof n, n], c: [typeof c, c], on, tags };
        }
      }
    `);
    const app = createApp({ routes: [Things] });
    const found = await request(app.callback())
      .get('/things/7?at=2026-01-02T03:04:05Z&on=true&tag=a&tag=b')
      .set('x-n', '3')
      .set('Cookie', 'c=9')
      .expect(200);
    expect(found.body).to.deep.equal({ id: ['number', 7], at: '2026-01-02T03:04:05.000Z', n: ['number', 3], c: ['number', 9], on: true, tags: ['a', 'b'] });
    await request(app.callback()).get('/things/seven').expect(400);
    await request(app.callback()).get('/things/7?at=yesterday').expect(400);
    const parameters = (app.openapi().paths['/things/{id}']?.get?.parameters ?? []) as { name: string; schema: { type?: string } }[];
    expect(parameters.find((parameter) => parameter.name === 'id')?.schema.type).to.equal('number');
  });

  it('the options form still works beside it, and the short form takes only the five types', () => {
    const { Ok } = esbuilt(`
      import { Controller, Get, Param } from 'waymark';
      @Controller('/ok') export class Ok { @Get('/:id', 'ok') ok(@Param('id', { type: Number, required: true }) id: number) { return { id }; } }
    `);
    expect(() => createApp({ routes: [Ok] })).to.not.throw();
    expect(() =>
      esbuilt(`
        import { Controller, Get, Param } from 'waymark';
        class UserId {}
        @Controller('/bad') export class Bad { @Get('/:id', 'bad') bad(@Param('id', UserId as never) id: UserId) { return { id }; } }
      `),
    ).to.throw(ImproperlyConfigured, /@Param\('id'\) on Bad\.bad: the type must be String, Number, Boolean, Date or Array, got UserId/);
  });

  it('a parameter whose schema says what it is needs no type, nor one whose requirement admits only text', async () => {
    const { Pages } = esbuilt(`
      import { Controller, Get, Param, Query } from 'waymark';
      @Controller('/pages') export class Pages {
        @Get('/:slug', { name: 'page', requirements: { slug: /[a-z][a-z-]*/ } })
        page(@Param('slug') slug: string, @Query('n', { schema: { type: 'integer', minimum: 1 } }) n: number) { return { slug, n: [typeof n, n] }; }
      }
    `);
    const app = createApp({ routes: [Pages] });
    expect((await request(app.callback()).get('/pages/intro?n=2').expect(200)).body).to.deep.equal({ slug: 'intro', n: ['number', 2] });
    await request(app.callback()).get('/pages/intro?n=0').expect(400);
  });

  it('a requirement that admits a number (/\\d+/) leaves the type open: refused, never a number read as a string', () => {
    const { Books } = esbuilt(`
      import { Controller, Get, Param } from 'waymark';
      @Controller('/books') export class Books { @Get('/:id', { name: 'book', requirements: { id: /\\d+/ } }) book(@Param('id') id: number) { return { id }; } }
    `);
    const error = buildError(Books);
    expect(error).to.be.instanceOf(ImproperlyConfigured);
    expect(error.message).to.contain("@Param('id', Number)");
  });

  it('a query or header without a type, a schema or a requirement is still refused', () => {
    const { Search } = esbuilt(`
      import { Controller, Get, Query } from 'waymark';
      @Controller('/search') export class Search { @Get('', 'search') search(@Query('page') page: number) { return { page }; } }
    `);
    const error = buildError(Search);
    expect(error).to.be.instanceOf(ImproperlyConfigured);
    expect(error.message).to.contain("@Query('page', Number)");
  });
});

describe('decorators: the short form in the declarations', () => {
  it('takes the five types or the options; anything else does not compile (npm run typecheck holds the @ts-expect-error lines)', () => {
    // Never called: the wrong lines would throw at class definition; here they only have to not compile.
    const declare = () => {
      class Declared {
        ok(@Param('id', Number) _a: number, @Query('at', Date) _b: Date, @Header('x-n', Number) _c: number, @Cookie('n', Number) _d: number, @Query('t', Array) _e: string[]) {}
        options(@Param('id', { type: Number, required: true }) _a: number, @Cookie('n', { type: Number, signed: true }) _b: number) {}
        // @ts-expect-error a class of one's own is not a type waymark converts to
        wrong(@Param('id', Object) _a: unknown) {}
        // @ts-expect-error `signed` is a cookie's option only
        header(@Header('x', { signed: true }) _a: string) {}
      }
      return Declared;
    };
    expect(declare).to.be.a('function');
  });
});
