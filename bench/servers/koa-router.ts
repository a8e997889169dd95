import Router from '@koa/router';
import Koa from 'koa';
import { createServer } from 'node:http';
import { args, serve, timed } from './serve';

const { routes } = args();
const { value: app, buildMs } = timed(() => {
  const app = new Koa();
  const router = new Router();
  for (let i = 0; i < routes - 1; i++) router.get(`filler-${i}`, `/r${i}/items/:id`, (ctx) => (ctx.body = { i }));
  router.get('users-detail', '/users/:id', (ctx) => {
    ctx.body = { id: ctx.params.id };
  });
  return app.use(router.routes()).use(router.allowedMethods());
});
serve(createServer(app.callback()), buildMs);
