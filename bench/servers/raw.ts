import { createServer } from 'node:http';
import { SSE_EVENTS, sseText } from '../shared/peers';
import { serve } from './serve';

/** node:http alone (its API docs, "http.createServer"): one regular expression for the one route, the body written by hand. `--sse`: the events written by hand. */
const USER = /^\/users\/([^/?]+)$/;
const sse = process.argv.includes('--sse');

serve(
  createServer((req, res) => {
    if (sse && req.url === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (let i = 0; i < SSE_EVENTS; i++) res.write(sseText(i));
      res.end();
      return;
    }
    const match = USER.exec(req.url ?? '');
    if (!match) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const body = JSON.stringify({ id: decodeURIComponent(match[1]) });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }),
);
