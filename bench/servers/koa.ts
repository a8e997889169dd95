import Koa from 'koa';
import { createServer } from 'node:http';
import { serve } from './serve';

const USER = /^\/users\/([^/]+)$/;
const app = new Koa();
app.use((ctx) => {
  const match = USER.exec(ctx.path);
  if (match) ctx.body = { id: decodeURIComponent(match[1]) };
});
serve(createServer(app.callback()));
