import 'reflect-metadata';
import { createServer } from 'node:http';
import { Body, Controller, createApp, Post } from '../../src';
import { newUser, type NewUser } from '../shared/body';
import { serve, timed } from './serve';

@Controller('/users')
class Plain {
  @Post('', 'users-create')
  create(@Body() body: NewUser) {
    return { created: body.name };
  }
}

/** `--schema`: the same route with the body validated by a JSON Schema (ajv, compiled when the app is built). */
@Controller('/users')
class Validated {
  @Post('', 'users-create')
  create(@Body({ required: true, schema: newUser }) body: NewUser) {
    return { created: body.name };
  }
}

const { value: app, buildMs } = timed(() => createApp({ routes: [process.argv.includes('--schema') ? Validated : Plain] }));
serve(createServer(app.callback()), buildMs);
