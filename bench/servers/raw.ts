import { createServer } from 'node:http';
import { serve } from './serve';

const USER = /^\/users\/([^/?]+)$/;

serve(
  createServer((req, res) => {
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
