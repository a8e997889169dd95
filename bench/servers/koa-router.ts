import Router from '@koa/router';
import Koa from 'koa';
import { createServer } from 'node:http';
import { args, serve } from './serve';

const { routes } = args();
const app = new Koa();
const router = new Router();
for (let i = 0; i < routes - 1; i++) router.get(`filler-${i}`, `/r${i}/items/:id`, (ctx) => (ctx.body = { i }));
router.get('users-detail', '/users/:id', (ctx) => {
  ctx.body = { id: ctx.params.id };
});
app.use(router.routes()).use(router.allowedMethods());
serve(createServer(app.callback()));
