import 'reflect-metadata';
import { createServer } from 'node:http';
import type { Context } from 'koa';
import { Controller, createApp, Ctx, Get } from '../../src';
import { record, recordSchema } from '../shared/contract';
import { serve, timed } from './serve';

/** A handler returning a 20-field object, written by `JSON.stringify`. */
@Controller('/users')
class Plain {
  @Get('/:id', 'users-detail') detail() {
    return record;
  }
}

/** `--schema`: the same route with a response schema, written by the serializer compiled from it. */
@Controller('/users')
class Declared {
  @Get('/:id', { name: 'users-detail', responses: { 200: { schema: recordSchema } } }) detail() {
    return record;
  }
}

/**
 * `--written`: the body's text made once, at start-up, and sent as it is: what
 * the route would cost if serializing took no time at all. No serializer can
 * make the route faster than this row, so its ratio to the plain route is
 * the ceiling of what any response schema can gain (docs/performance.md).
 */
const text = JSON.stringify(record);
@Controller('/users')
class Written {
  @Get('/:id', 'users-detail') detail(@Ctx() ctx: Context) {
    ctx.type = 'application/json';
    ctx.body = text;
  }
}

const argv = process.argv;
// `--validate-off`: the app says `validateResponses: false` in so many words; the default must cost the same.
const options = argv.includes('--validate-off') ? { validateResponses: false } : argv.includes('--validate') ? { validateResponses: true } : {};
const { value: app, buildMs } = timed(() => createApp({ routes: [argv.includes('--written') ? Written : argv.includes('--schema') ? Declared : Plain], ...options }));
serve(createServer(app.callback()), buildMs);
