import type { Context } from 'koa';
import { ImproperlyConfigured } from '../errors';
import { MetadataKeys, appendOwn, paramTypes } from '../metadata';
import type { CookieOptions, CustomParameter, CustomParameterOptions, ParamBinding, ParamType } from '../model/params';
import { checkKeys, keysOf } from '../util/keys';
import { guardEntry } from './guard';
import { assertLegacyCall } from './legacy';
import { named } from './params';

const OPTIONS = keysOf<CustomParameterOptions>({ required: true, responses: true, security: true });
const NOTHING = () => undefined;

/**
 * A parameter decorator of your own: `resolve` computes the argument from the
 * request, after the route's guards and in parameter order with the others.
 * `required` makes `undefined` a problem document (401 when `responses`
 * names 401, else 400); `responses` and `security` are documented like a
 * described guard's (docs/declaring-what-handlers-decide.md).
 *
 * @example
 * ```ts
 * interface User { name: string }
 * const CurrentUser = createParameter((ctx) => ctx.state.user as User | undefined, { required: true, responses: [401] });
 * @Controller('/me')
 * class Me {
 *   @Get('', 'me') me(@CurrentUser() user: User) {
 *     return { name: user.name };
 *   }
 * }
 * const app = createApp({ routes: [Me] });
 * app.use(async (ctx, next) => {
 *   if (ctx.get('authorization') === 'Token ada') ctx.state.user = { name: 'Ada' };
 *   await next();
 * });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/me`, { headers: { authorization: 'Token ada' } })).json(), { name: 'Ada' });
 * assert.equal((await fetch(`http://127.0.0.1:${port}/me`)).status, 401);
 * server.close();
 * ```
 */
export function createParameter<T>(resolve: (ctx: Context) => T | Promise<T>, options: CustomParameterOptions = {}): () => ParameterDecorator {
  if (typeof resolve !== 'function') throw new ImproperlyConfigured(`createParameter() takes a function (ctx) => value, got ${String(resolve)}.`);
  checkKeys('createParameter() options', options, OPTIONS);
  if (options.required !== undefined && typeof options.required !== 'boolean') throw new ImproperlyConfigured('createParameter(): option required must be true or false.');
  const info = guardEntry({ middleware: NOTHING, responses: options.responses, security: options.security }, 'createParameter()').info ?? { responses: [], security: [] };
  const missing = options.required === true ? (info.responses.includes(401) ? 401 : 400) : null;
  return () => custom({ resolve, missing, info, label: `@${resolve.name || 'createParameter'}()` });
}

/** Records a custom parameter's binding: the decorator `createParameter()` returns. */
function custom(parameter: CustomParameter): ParameterDecorator {
  return (...args: unknown[]) => {
    assertLegacyCall(args, parameter.label);
    const [target, property, index] = args as [object, string | symbol | undefined, number];
    if (property === undefined) throw new ImproperlyConfigured(`${parameter.label} on ${target.constructor.name}: parameter decorators go on route method parameters, not constructor parameters.`);
    const types = paramTypes(target, property);
    const binding: ParamBinding = { index, source: 'custom', type: types?.[index], designed: types !== undefined, options: {}, custom: parameter };
    appendOwn<ParamBinding>(MetadataKeys.params, binding, target, property);
  };
}

/**
 * `ctx.state[key]`, as a guard or middleware left it.
 *
 * @example
 * ```ts
 * @Controller('/whoami')
 * class Who {
 *   @Get('', 'whoami') who(@State('user') user: string) {
 *     return { user };
 *   }
 * }
 * const app = createApp({ routes: [Who] });
 * app.use(async (ctx, next) => {
 *   ctx.state.user = 'ada';
 *   await next();
 * });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/whoami`)).json(), { user: 'ada' });
 * server.close();
 * ```
 */
export function State(key: string, options?: CustomParameterOptions): ParameterDecorator {
  if (typeof key !== 'string' || key === '') throw new ImproperlyConfigured(`@State() needs the key of ctx.state to bind, got ${JSON.stringify(key)}.`);
  const state = (ctx: Context) => (Object.hasOwn(ctx.state, key) ? (ctx.state as Record<string, unknown>)[key] : undefined);
  Object.defineProperty(state, 'name', { value: `State('${key}')` });
  return createParameter(state, options)();
}

/**
 * Every request header, as Node gives them (lower-case names).
 *
 * @example
 * ```ts
 * @Controller('/echo')
 * class Echo {
 *   @Get('', 'echo') echo(@Headers() headers: Record<string, string | string[] | undefined>) {
 *     return { agent: headers['x-agent'] };
 *   }
 * }
 * const app = createApp({ routes: [Echo] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/echo`, { headers: { 'x-agent': 'me' } })).json(), { agent: 'me' });
 * server.close();
 * ```
 */
export function Headers(): ParameterDecorator {
  return createParameter(headersOf)();
}

function headersOf(ctx: Context): Record<string, string | string[] | undefined> {
  return { ...ctx.headers };
}
Object.defineProperty(headersOf, 'name', { value: 'Headers' });

/**
 * `ctx.signal`: an `AbortSignal` that aborts when the client goes away before
 * the response is written (docs/streams.md#cancellation), to pass on to work
 * nobody would read (`fetch`, a database query, a wait between events).
 *
 * @example
 * ```ts
 * @Controller('/report')
 * class Report {
 *   @Get('', 'report') async report(@Signal() signal: AbortSignal) {
 *     return { aborted: signal.aborted };
 *   }
 * }
 * const app = createApp({ routes: [Report] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/report`)).json(), { aborted: false });
 * server.close();
 * ```
 */
export function Signal(): ParameterDecorator {
  return createParameter(signalOf)();
}

function signalOf(ctx: Context): AbortSignal {
  return ctx.signal;
}
Object.defineProperty(signalOf, 'name', { value: 'Signal' });

/**
 * A cookie, converted and validated like `@Header` (`type`, `required`,
 * `schema`; the type alone as `@Cookie('n', Number)`); `signed: true` reads it through Koa's signed cookies with the
 * app's `keys`, and a bad or missing signature makes it absent.
 * Documented as an `in: cookie` parameter.
 *
 * @example
 * ```ts
 * @Controller('/prefs')
 * class Prefs {
 *   @Get('', 'prefs') prefs(@Cookie('theme') theme?: string, @Cookie('visits', Number) visits?: number) {
 *     return { theme, visits };
 *   }
 * }
 * const app = createApp({ routes: [Prefs] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const response = await fetch(`http://127.0.0.1:${port}/prefs`, { headers: { cookie: 'theme=dark; visits=3' } });
 * assert.deepEqual(await response.json(), { theme: 'dark', visits: 3 });
 * server.close();
 * ```
 */
export function Cookie(name: string, typeOrOptions?: ParamType | CookieOptions): ParameterDecorator {
  return named('cookie', '@Cookie()', name, typeOrOptions);
}
