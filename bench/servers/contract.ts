import 'reflect-metadata';
import { createServer } from 'node:http';
import { Controller, createApp, Get } from '../../src';
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

const argv = process.argv;
// `--validate-off`: the app says `validateResponses: false` in so many words; the default must cost the same.
const options = argv.includes('--validate-off') ? { validateResponses: false } : argv.includes('--validate') ? { validateResponses: true } : {};
const { value: app, buildMs } = timed(() => createApp({ routes: [argv.includes('--schema') ? Declared : Plain], ...options }));
serve(createServer(app.callback()), buildMs);
