import 'reflect-metadata';
import { createServer } from 'node:http';
import { z } from 'zod';
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

/** `--zod`: the same schema written with zod (a Standard Schema validator, run by its own `~standard.validate`). */
const NewUserZ = z.strictObject({
  name: z.string().min(1).max(100),
  email: z.email(),
  age: z.int().min(0).max(150),
  tags: z.array(z.string()).max(20).optional(),
});

@Controller('/users')
class ValidatedByZod {
  @Post('', 'users-create')
  create(@Body({ required: true, schema: NewUserZ }) body: z.infer<typeof NewUserZ>) {
    return { created: body.name };
  }
}

const controller = process.argv.includes('--zod') ? ValidatedByZod : process.argv.includes('--schema') ? Validated : Plain;
const { value: app, buildMs } = timed(() => createApp({ routes: [controller] }));
serve(createServer(app.callback()), buildMs);
