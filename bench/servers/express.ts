import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import express, { type Request, type Response } from 'express';
import { createServer } from 'node:http';
import { newUser } from '../shared/body';
import { record } from '../shared/contract';
import { githubRoutes } from '../shared/github';
import { fillerPatterns, peerArgs, SSE_EVENTS, sseText, VERSIONS } from '../shared/peers';
import { serve, timed } from './serve';

/**
 * Express 5, as its guide teaches: routes on an `express.Router()` mounted
 * with `app.use()` (Guide › Routing, "express.Router"), a version per mount
 * (`app.use('/v1', router)`), `express.json()` for bodies (API reference,
 * "express.json"), `res.json()` for answers. Express has no validator of its
 * own and its guide names none, so the POST row validates with ajv, the
 * JSON Schema validator waymark's `@Body({ schema })` also compiles to; it
 * has no response schema, so the 20-field row is `res.json()`. Defaults kept
 * (an ETag per response, `X-Powered-By`).
 */
const { mode, layout, routes } = peerArgs();
const ajv = new Ajv({ allErrors: false });
addFormats(ajv);
const validUser = ajv.compile(newUser);

const { value: app, buildMs } = timed(() => {
  const app = express();
  const router = express.Router();
  if (mode === 'github') {
    githubRoutes().forEach((route, i) => {
      router[route.method.toLowerCase() as 'get'](route.pattern, (_req: Request, res: Response) => {
        res.json({ route: i });
      });
    });
    if (layout === 'versioned') for (const version of VERSIONS) app.use(`/v${version}`, router);
    else app.use(router);
    return app;
  }
  if (mode === 'body') {
    router.post('/users', express.json(), (req: Request, res: Response) => {
      if (!validUser(req.body)) {
        res.status(400).json({ errors: validUser.errors });
        return;
      }
      res.json({ created: (req.body as { name: string }).name });
    });
  } else if (mode === 'contract') {
    router.get('/users/:id', (_req: Request, res: Response) => {
      res.json(record);
    });
  } else if (mode === 'sse') {
    // Express has no SSE helper: its response is node's, written with res.write() after the headers.
    router.get('/events', (_req: Request, res: Response) => {
      res.set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.flushHeaders();
      for (let i = 0; i < SSE_EVENTS; i++) res.write(sseText(i));
      res.end();
    });
  } else {
    fillerPatterns(routes - 1).forEach((pattern, i) => router.get(pattern, (_req: Request, res: Response) => void res.json({ i })));
    router.get('/users/:id', (req: Request, res: Response) => {
      res.json({ id: req.params.id });
    });
  }
  app.use(router);
  return app;
});
serve(createServer(app), buildMs);
