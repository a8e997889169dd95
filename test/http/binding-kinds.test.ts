import { Type, type Static } from '@sinclair/typebox';
import { type } from 'arktype';
import { expect } from 'chai';
import request from 'supertest';
import * as v from 'valibot';
import { z } from 'zod';
import { Body, Controller, createApp, Get, Header, Post, Query, type Infer, type StandardSchemaV1 } from '../../src';

const BookT = Type.Object({ title: Type.String({ minLength: 1 }), pages: Type.Integer({ minimum: 1 }) });
const BookZ = z.object({ title: z.string().min(1), pages: z.number().int().min(1), tags: z.array(z.string()).default([]) });
const BookV = v.object({ title: v.pipe(v.string(), v.minLength(1)), pages: v.number() });
const BookA = type({ title: 'string > 0', pages: 'number.integer > 0' });

/** An asynchronous validator (a uniqueness check against a store, say): the binder must wait for it. */
const unusedTitle: StandardSchemaV1<unknown, { title: string }> = {
  '~standard': {
    version: 1,
    vendor: 'test',
    validate: async (value) => {
      await new Promise((resolve) => setImmediate(resolve));
      const title = (value as { title?: unknown }).title;
      return title === 'Taken' ? { issues: [{ message: 'is taken', path: ['title'] }] } : { value: { title: String(title).toUpperCase() } };
    },
  },
};

/** A parameter validated asynchronously, its output replacing the text. */
const unusedTitleParam: StandardSchemaV1<unknown, string> = {
  '~standard': { version: 1, vendor: 'test', validate: async (value) => (value === 'bad' ? { issues: [{ message: 'is bad' }] } : { value: `<${String(value)}>` }) },
};

/** A validator whose lookup fails (a database down): a 500, and the other validators' verdicts still handled. */
const failing: StandardSchemaV1 = { '~standard': { version: 1, vendor: 'test', validate: () => Promise.reject(new Error('store down')) } };

@Controller('/kinds')
class Kinds {
  @Get('/failing', 'failing') failing(@Query('a', { schema: failing }) a: unknown, @Query('b', { schema: failing }) b: unknown) {
    return { a, b };
  }
  @Post('/typebox', 'typebox') typebox(@Body({ schema: BookT }) book: Static<typeof BookT>) {
    return book;
  }
  @Post('/zod', 'zod') zod(@Body({ schema: BookZ }) book: z.infer<typeof BookZ>) {
    return book;
  }
  @Post('/valibot', 'valibot') valibot(@Body({ schema: BookV }) book: v.InferOutput<typeof BookV>) {
    return book;
  }
  @Post('/arktype', 'arktype') arktype(@Body({ schema: BookA }) book: typeof BookA.infer) {
    return book;
  }
  @Post('/async', 'async') async(@Body({ schema: unusedTitle }) book: { title: string }) {
    return book;
  }
  @Get('/query', 'query')
  query(@Query('page', { schema: z.coerce.number().int().min(1) }) page: number | undefined, @Query('n', { schema: z.number().max(10) }) n: number | undefined, @Header('X-Tag', { schema: unusedTitleParam }) tag: unknown) {
    return { page: page ?? null, n: n ?? null, tag: tag ?? null };
  }
}

// Compiled by `npm run typecheck`: the handler types that users write come from the schemas themselves.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typed: [
  Equal<Static<typeof BookT>, { title: string; pages: number }>,
  Equal<z.infer<typeof BookZ>, { title: string; pages: number; tags: string[] }>,
  Equal<Infer<typeof BookZ>, z.infer<typeof BookZ>>,
  Equal<Infer<typeof BookT>, Static<typeof BookT>>,
] = [true, true, true, true];
void typed;

const agent = () => request(createApp({ routes: [Kinds] }).callback());

describe('http/binding: every schema kind validates a body or a parameter', () => {
  it('accepts a TypeBox value as JSON Schema, with pointers into the body', async () => {
    await agent().post('/kinds/typebox').send({ title: 'Dune', pages: 412 }).expect(200, { title: 'Dune', pages: 412 });
    const res = await agent().post('/kinds/typebox').send({ title: '', pages: 0 }).expect(400);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer).sort()).to.deep.equal(['#/pages', '#/title']);
  });

  it('gives the handler what zod made of the body (defaults, unknown keys stripped), and its issues as pointers', async () => {
    await agent().post('/kinds/zod').send({ title: 'Dune', pages: 412, secret: 1 }).expect(200, { title: 'Dune', pages: 412, tags: [] });
    const res = await agent().post('/kinds/zod').send({ title: 'Dune', pages: 1.5, tags: ['a', 3] }).expect(400);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer).sort()).to.deep.equal(['#/pages', '#/tags/1']);
  });

  it('validates with valibot and arktype, each reporting the failing member', async () => {
    await agent().post('/kinds/valibot').send({ title: 'Dune', pages: 3 }).expect(200, { title: 'Dune', pages: 3 });
    expect((await agent().post('/kinds/valibot').send({ title: '', pages: 3 }).expect(400)).body.errors[0].pointer).to.equal('#/title');
    await agent().post('/kinds/arktype').send({ title: 'Dune', pages: 3 }).expect(200, { title: 'Dune', pages: 3 });
    expect((await agent().post('/kinds/arktype').send({ title: 'Dune', pages: 0 }).expect(400)).body.errors[0].pointer).to.equal('#/pages');
  });

  it('waits for an asynchronous validator, and sends its output or its issues', async () => {
    await agent().post('/kinds/async').send({ title: 'dune' }).expect(200, { title: 'DUNE' });
    const res = await agent().post('/kinds/async').send({ title: 'Taken' }).expect(400);
    expect(res.body.errors).to.deep.equal([{ detail: 'is taken', pointer: '#/title' }]);
  });

  it('validates query and header values, naming the parameter, and passes the output on', async () => {
    // An absent value is not validated, whatever its kind of schema: `required: true` says it must be there.
    await agent().get('/kinds/query').expect(200, { page: null, n: null, tag: null });
    // `z.number()` describes a number, so the text converts as Number does before zod sees it.
    await agent().get('/kinds/query?page=3&n=4').set('X-Tag', 'x').expect(200, { page: 3, n: 4, tag: '<x>' });
    const res = await agent().get('/kinds/query?page=0&n=11').set('X-Tag', 'bad').expect(400);
    expect(res.body.errors.map((e: { parameter: string }) => e.parameter).sort()).to.deep.equal(['n', 'page', 'x-tag']);
  });

  it('answers 500 when an asynchronous validator throws, whatever the others answer', async () => {
    const app = createApp({ routes: [Kinds] });
    const errors: Error[] = [];
    app.on('error', (error: Error) => errors.push(error));
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      await request(app.callback()).get('/kinds/failing?a=1&b=bad').expect(500);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', listener);
    }
    expect(errors.map((error) => error.message)).to.deep.equal(['store down']);
    expect(unhandled, 'the second validator failed too: its rejection must be handled').to.deep.equal([]);
  });

  it('refuses an option that is no schema when the class is defined, naming the decorator', () => {
    expect(() => {
      class Bad {
        m(@Body({ schema: 3 as never }) _b: unknown) {}
      }
      return Bad;
    }).to.throw(/@Body\(\) on Bad\.m: option schema must be a JSON Schema .* or a Standard Schema validator/);
  });
});
