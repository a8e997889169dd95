import Router from '@koa/router';
import Koa from 'koa';
import { createServer } from 'node:http';
import { githubRoutes } from '../shared/github';
import { args, serve, timed } from './serve';

/** The GitHub API set on koa + @koa/router: as written, under `/:version`, or once under `/v1` and once under `/v2`. */
const { layout } = args();
const prefixes = layout === 'version' ? ['/:version'] : layout === 'namespace' ? ['/v1', '/v2'] : [''];
const { value: app, buildMs } = timed(() => {
  const router = new Router();
  for (const prefix of prefixes) {
    githubRoutes().forEach((route, i) => {
      router[route.method.toLowerCase() as 'get'](prefix + route.pattern, (ctx) => {
        ctx.body = { route: i };
      });
    });
  }
  return new Koa().use(router.routes()).use(router.allowedMethods());
});
serve(createServer(app.callback()), buildMs);
