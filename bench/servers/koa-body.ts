import Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import { createServer } from 'node:http';
import type { NewUser } from '../shared/body';
import { serve } from './serve';

// koa-bodyparser ships no types, and its parse is co-body's, as waymark's @Body() is.
const bodyParser = require('koa-bodyparser') as () => Middleware;

const app = new Koa();
const router = new Router();
router.post('users-create', '/users', (ctx) => {
  ctx.body = { created: (ctx.request as unknown as { body: NewUser }).body.name };
});
app.use(bodyParser()).use(router.routes());
serve(createServer(app.callback()));
