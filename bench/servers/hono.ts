import { serve as listen } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { record } from '../shared/contract';
import { githubRoutes } from '../shared/github';
import { fillerPatterns, peerArgs, SSE_EVENTS, sseData, VERSIONS } from '../shared/peers';
import { announce, timed } from './serve';

/**
 * Hono on @hono/node-server, as Hono's docs teach: `app.get()` routes and
 * `c.json()` (Getting Started › Node.js), a version per sub-app mounted with
 * `app.route('/v1', api)` (API › Routing, "Grouping"), the `validator('json',
 * ...)` middleware with a zod schema checked in it (Guides › Validation,
 * "With Zod"), `streamSSE()` (Helpers › Streaming). Hono has no response
 * schema: the 20-field row is `c.json()`. Its router (SmartRouter) compiles
 * its expression at the first request, after the start-up rows' build time.
 */
const { mode, layout, routes } = peerArgs();
const NewUser = z.strictObject({
  name: z.string().min(1).max(100),
  email: z.email(),
  age: z.int().min(0).max(150),
  tags: z.array(z.string()).max(20).optional(),
});

const { value: app, buildMs } = timed(() => {
  const app = new Hono();
  if (mode === 'github') {
    const api = new Hono();
    githubRoutes().forEach((route, i) => {
      api.on(route.method, route.pattern, (c) => c.json({ route: i }));
    });
    if (layout === 'versioned') for (const version of VERSIONS) app.route(`/v${version}`, api);
    else app.route('/', api);
  } else if (mode === 'body') {
    app.post(
      '/users',
      validator('json', (value, c) => {
        const parsed = NewUser.safeParse(value);
        if (!parsed.success) return c.json({ errors: parsed.error.issues }, 400);
        return parsed.data;
      }),
      (c) => c.json({ created: c.req.valid('json').name }),
    );
  } else if (mode === 'contract') {
    app.get('/users/:id', (c) => c.json(record));
  } else if (mode === 'sse') {
    app.get('/events', (c) =>
      streamSSE(c, async (stream) => {
        for (let i = 0; i < SSE_EVENTS; i++) await stream.writeSSE({ data: JSON.stringify(sseData(i)) });
      }),
    );
  } else {
    fillerPatterns(routes - 1).forEach((pattern, i) => app.get(pattern, (c) => c.json({ i })));
    app.get('/users/:id', (c) => c.json({ id: c.req.param('id') }));
  }
  return app;
});
const server = listen({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => announce(info.port, buildMs));
(server as { keepAliveTimeout?: number }).keepAliveTimeout = 60_000;
