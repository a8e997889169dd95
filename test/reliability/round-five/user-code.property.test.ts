import { expect } from 'chai';
import fc from 'fast-check';
import type { Context, Middleware, Next } from 'koa';
import request from 'supertest';
import { Controller, createApp, createParameter, Get, HttpError, Param, Query, QueryParameterVersioning, Use, type VersionPinStore } from '../../../src';
import type { StandardSchemaV1 } from '../../../src/model/schema';
import { watchProcess } from './process-watch';

/**
 * docs/reference/hostile-input.md#user-code: every extension point that runs the app's code
 * (a custom parameter's resolver, a Standard Schema validator, a guard, the handler,
 * `errors.render`, `onDeprecatedRequest`, a pin store's get and set) gets random code: sync or
 * async, returning, throwing, rejecting, never settling, throwing values that are not errors.
 * On random routes with a random parameter that fails conversion, before or after the
 * resolver: the process sees no unhandled rejection or uncaught exception, every request is
 * answered with a documented status (or, when code the request waits for never settles, is
 * the app's hang and the client's timeout), no 5xx body carries the code's message, and the
 * app still answers afterwards. Each extension point is reached in a floor of cases.
 */

const POINTS = ['resolver', 'validator', 'guard', 'handler', 'render', 'deprecated', 'pinGet', 'pinSet'] as const;
type Point = (typeof POINTS)[number];
/** Code whose promise the request waits for: never settling there is the app's hang, as in Koa (docs/architecture.md#user-code). */
const AWAITED: ReadonlySet<Point> = new Set<Point>(['resolver', 'validator', 'guard', 'handler', 'render']);

const BEHAVIOURS = ['return', 'returnAsync', 'throw', 'reject', 'rejectLater', 'never', 'throwValue', 'rejectValue'] as const;
type Behaviour = (typeof BEHAVIOURS)[number];
const THROWN = ['error', 'string', 'null', 'exposed4xx', 'httpError5xx', 'httpError4xx'] as const;
type Thrown = (typeof THROWN)[number];

const SECRET = 'user-code-secret-7f3a';
/** Statuses the docs list for these failures: the handler's 200, a conversion's 400, a thrown 4xx's own status, the generic 500, a thrown 503. */
const DOCUMENTED = new Set([200, 400, 409, 418, 500, 503]);

interface Case {
  code: Record<Point, Behaviour>;
  thrown: Thrown;
  /** Whether `id` fails conversion; the route decides whether it comes before or after the resolver. */
  failing: boolean;
  route: 'resolverFirst' | 'paramFirst';
}

function thrownValue(kind: Thrown): unknown {
  switch (kind) {
    case 'error':
      return new Error(SECRET);
    case 'string':
      return SECRET;
    case 'null':
      return null;
    case 'exposed4xx':
      return Object.assign(new Error(SECRET), { status: 418, expose: true });
    case 'httpError5xx':
      return new HttpError(503, SECRET);
    case 'httpError4xx':
      return new HttpError(409, SECRET);
  }
}

/** User code that behaves as told, answering `value` when it returns. */
function behave(behaviour: Behaviour, thrown: Thrown, value: () => unknown): unknown {
  switch (behaviour) {
    case 'return':
      return value();
    case 'returnAsync':
      return Promise.resolve().then(value);
    case 'throw':
      throw thrownValue(thrown);
    case 'reject':
      return Promise.reject(thrownValue(thrown));
    case 'rejectLater':
      return new Promise((_, reject) => setImmediate(() => reject(thrownValue(thrown))));
    case 'never':
      return new Promise(() => {});
    case 'throwValue':
      throw { message: SECRET };
    case 'rejectValue':
      return Promise.reject(42);
  }
}

let current: Case;
const reached = new Map<Point, number>(POINTS.map((point) => [point, 0]));
const touched = new Set<Point>();
function run(point: Point, value: () => unknown): unknown {
  touched.add(point);
  return behave(current.code[point], current.thrown, value);
}

const Resolved = createParameter((_ctx: Context) => run('resolver', () => 'user'));
const validator: StandardSchemaV1 = {
  '~standard': { version: 1, vendor: 'property', validate: (value: unknown) => run('validator', () => ({ value })) as StandardSchemaV1.Result<unknown> },
};
const guard: Middleware = async (_ctx: Context, next: Next) => {
  await run('guard', () => undefined);
  await next();
};

@Controller('/p')
class Points {
  @Get('/first/:id', 'first')
  @Use(guard)
  first(@Resolved() user: unknown, @Query('q', { schema: validator }) q: unknown, @Param('id') id: number) {
    return run('handler', () => ({ user, q, id }));
  }
  @Get('/second/:id', 'second')
  @Use(guard)
  second(@Param('id') id: number, @Resolved() user: unknown, @Query('q', { schema: validator }) q: unknown) {
    return run('handler', () => ({ user, q, id }));
  }
  @Get('/ok', 'ok') ok() {
    return { ok: true };
  }
}

const store: VersionPinStore = {
  get: () => run('pinGet', () => undefined) as string | undefined,
  set: () => run('pinSet', () => undefined) as void,
};

function makeApp() {
  const app = createApp({
    routes: [Points],
    versioning: new QueryParameterVersioning({ defaultVersion: 'v2', allowedVersions: ['v1', 'v2'], deprecated: { v1: { at: '2026-01-01T00:00:00Z' } } }),
    pinning: { identify: (ctx) => ctx.get('X-Client') || undefined, store, timeout: 50 },
    errors: { mediaType: 'application/json', render: (problem) => run('render', () => ({ problem })) },
    onDeprecatedRequest: () => run('deprecated', () => undefined),
  });
  app.silent = true;
  return app;
}

// Benign code more often than not, so that a request gets past several extension points and reaches the later ones.
const behaviour: fc.Arbitrary<Behaviour> = fc.oneof(
  { arbitrary: fc.constantFrom<Behaviour>('return', 'returnAsync'), weight: 5 },
  { arbitrary: fc.constantFrom<Behaviour>(...BEHAVIOURS.filter((b) => b !== 'return' && b !== 'returnAsync')), weight: 2 },
);
const cases: fc.Arbitrary<Case> = fc.record({
  code: fc.record(Object.fromEntries(POINTS.map((point) => [point, behaviour])) as Record<Point, fc.Arbitrary<Behaviour>>),
  thrown: fc.constantFrom(...THROWN),
  failing: fc.constantFrom(false, false, true),
  route: fc.constantFrom('resolverFirst', 'paramFirst'),
});

describe('reliability: random user code at every extension point', function () {
  this.timeout(300_000);

  it('never takes the process down, answers every request as documented, leaks no message in a 5xx, and keeps answering', async () => {
    const watch = watchProcess();
    let hung = 0;
    let answered = 0;
    try {
      await fc.assert(
        fc.asyncProperty(cases, async (drawn) => {
          current = drawn;
          touched.clear();
          const app = makeApp();
          const agent = request(app.callback());
          // A failing parameter is `id` ("x" is no number); the route chooses whether it comes before or after the resolver.
          const id = drawn.failing ? 'x' : '7';
          const path = drawn.route === 'resolverFirst' ? `/p/first/${id}` : `/p/second/${id}`;
          const mayHang = POINTS.some((point) => AWAITED.has(point) && drawn.code[point] === 'never');
          let response: request.Response | undefined;
          try {
            response = await agent.get(`${path}?q=1&version=v1`).set('X-Client', 'c1').timeout(mayHang ? 300 : 10_000);
          } catch (error) {
            if (!mayHang || (error as { timeout?: unknown }).timeout === undefined) throw error;
            hung++;
          }
          if (response !== undefined) {
            answered++;
            expect(DOCUMENTED.has(response.status), `${response.status} for ${JSON.stringify(drawn)}`).to.equal(true);
            if (response.status >= 500) expect(response.text, JSON.stringify(drawn)).not.to.include(SECRET);
          }
          for (const point of touched) reached.set(point, (reached.get(point) ?? 0) + 1);
          // The app still answers, whatever the last request's code did.
          current = { ...drawn, code: Object.fromEntries(POINTS.map((point) => [point, 'return'])) as Record<Point, Behaviour> };
          const after = await agent.get('/p/ok').timeout(10_000);
          expect(after.status).to.equal(200);
        }),
        { numRuns: 160, seed: 38 },
      );
    } finally {
      await watch.stop();
    }
    expect(watch.failures.map(String)).to.deep.equal([]);
    expect(answered).to.be.at.least(80);
    expect(hung).to.be.at.least(1);
    for (const point of POINTS) expect(reached.get(point), `${point} reached in ${JSON.stringify([...reached])}`).to.be.at.least(10);
  });
});
