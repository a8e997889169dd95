import Koa from 'koa';
import { createServer } from 'node:http';
import { serve } from './serve';

const USER = /^\/users\/([^/]+)$/;
// `--lifecycle-headers`: the five headers of waymark's lifecycle row (a deprecated version with a sunset
// and a link, both version lists), set by hand: what sending them costs any Koa app (docs/performance.md).
const LIFECYCLE: [string, string][] = [
  ['API-Supported-Versions', 'v2'],
  ['API-Deprecated-Versions', 'v1'],
  ['Deprecation', '@1780272000'],
  ['Sunset', 'Thu, 01 Jan 2099 00:00:00 GMT'],
  ['Link', '<https://example.com/v1>; rel="deprecation"; type="text/html", <https://example.com/v1>; rel="sunset"; type="text/html"'],
];
const headers = process.argv.includes('--lifecycle-headers');
const app = new Koa();
app.use((ctx) => {
  const match = USER.exec(ctx.path);
  if (!match) return;
  if (headers) for (const [name, value] of LIFECYCLE) ctx.res.setHeader(name, value);
  ctx.body = { id: decodeURIComponent(match[1]) };
});
serve(createServer(app.callback()));
