import { ImproperlyConfigured } from '../errors';
import { MetadataKeys, appendOwn, paramTypes, readOwn } from '../metadata';
import { checkKeys } from '../util/keys';
import { checkSchema } from '../schema/kinds';
import { assertLegacyCall } from './legacy';
import type { BodyOptions, CookieOptions, ParamBinding, ParamOptions, ParamSource, ParamType, QueriesOptions } from '../model/params';

export const PARAM_TYPES: readonly unknown[] = [String, Number, Boolean, Date, Array];
const OPTION_KEYS = ['type', 'required', 'schema', 'items'];

export function paramDecorator(source: ParamSource, decorator: string, name?: string, options?: ParamOptions & CookieOptions): ParameterDecorator {
  return (...args: unknown[]) => {
    assertLegacyCall(args, decorator);
    const [target, property, index] = args as [object, string | symbol | undefined, number];
    const where = `${decorator} on ${target.constructor.name}.${String(property ?? 'constructor')}`;
    if (property === undefined) throw new ImproperlyConfigured(`${where}: parameter decorators go on route method parameters, not constructor parameters.`);
    const types = paramTypes(target, property);
    const binding = { index, source, name, type: types?.[index], designed: types !== undefined, options: checkOptions(options, where, source) };
    appendOwn<ParamBinding>(MetadataKeys.params, binding, target, property);
  };
}

function checkOptions(options: (ParamOptions & CookieOptions) | undefined, where: string, source: ParamSource): ParamOptions & CookieOptions {
  if (options === undefined) return {};
  const known =
    source === 'file' || source === 'files'
      ? ['required']
      : source === 'body'
        ? OPTION_KEYS.filter((key) => key !== 'type' && key !== 'items')
        : source === 'queries'
          ? ['schema']
          : source === 'cookie'
            ? [...OPTION_KEYS, 'signed']
            : OPTION_KEYS;
  checkKeys(`${where} options`, options, known);
  if (options.type !== undefined && !PARAM_TYPES.includes(options.type)) {
    const got = typeof options.type === 'function' ? (options.type as Function).name || 'an anonymous class' : String(options.type);
    throw new ImproperlyConfigured(`${where}: the type must be String, Number, Boolean, Date or Array, got ${got}.`);
  }
  if (options.items !== undefined && (options.type !== Array || !PARAM_TYPES.includes(options.items) || (options.items as unknown) === Array)) {
    throw new ImproperlyConfigured(`${where}: option items goes with type: Array and must be String, Number, Boolean or Date, got ${String(options.items)}.`);
  }
  if ((options as CookieOptions).signed !== undefined && typeof (options as CookieOptions).signed !== 'boolean') {
    throw new ImproperlyConfigured(`${where}: option signed must be true or false.`);
  }
  if (options.required !== undefined && typeof options.required !== 'boolean') {
    throw new ImproperlyConfigured(`${where}: option required must be true or false, got ${JSON.stringify(options.required)}.`);
  }
  if (options.schema !== undefined) checkSchema(options.schema, `${where}: option schema`);
  return { ...options };
}

/**
 * A named value's decorator; its second argument is the type alone (`@Param('id', Number)`, for
 * compilers that record no parameter types) or the options, which may carry the type.
 */
export function named(source: ParamSource, decorator: string, name: unknown, typeOrOptions?: ParamType | (ParamOptions & CookieOptions)): ParameterDecorator {
  if (typeof name !== 'string' || name === '') {
    throw new ImproperlyConfigured(`${decorator} needs the name of the value to bind, got ${JSON.stringify(name)}.`);
  }
  const options = typeof typeOrOptions === 'function' ? { type: typeOrOptions } : typeOrOptions;
  return paramDecorator(source, `${decorator.slice(0, -1)}'${name}')`, source === 'header' ? name.toLowerCase() : name, options);
}

/**
 * A path parameter, converted to the parameter's type (or the type given:
 * `@Param('id', Number)` or `{ type: Number }`, for compilers that record no
 * parameter types: tsx, esbuild, Vitest 3); a value that does not convert is a
 * 400 problem document. `@Param('id')` on a route whose path has no `:id` fails
 * when the app is built.
 *
 * @example
 * ```ts
 * @Controller('/users')
 * class Users {
 *   @Get('/:id', 'users-detail') detail(@Param('id') id: number) {
 *     return { id, type: typeof id };
 *   }
 * }
 * const app = createApp({ routes: [Users] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/users/42`)).json(), { id: 42, type: 'number' });
 * assert.equal((await fetch(`http://127.0.0.1:${port}/users/forty-two`)).status, 400);
 * server.close();
 * ```
 */
export const Param = (name: string, typeOrOptions?: ParamType | ParamOptions) => named('param', '@Param()', name, typeOrOptions);
/**
 * Every path parameter as a record of strings.
 *
 * @example
 * ```ts
 * @Controller('/orgs')
 * class Repos {
 *   @Get('/:org/repos/:repo', 'repo') repo(@Params() params: Record<string, string>) {
 *     return params;
 *   }
 * }
 * const app = createApp({ routes: [Repos] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/orgs/acme/repos/api`)).json(), { org: 'acme', repo: 'api' });
 * server.close();
 * ```
 */
export const Params = () => paramDecorator('params', '@Params()');
/**
 * A query parameter, converted to the parameter's type (or the type given,
 * `@Query('at', Date)` or `{ type: Date }`):
 * the last value when the key is repeated, every value in order for `Array`;
 * absent, it is `undefined` (a 400 with `required: true`).
 *
 * @example
 * ```ts
 * @Controller('/search')
 * class Search {
 *   @Get('', 'search') search(@Query('page', { schema: { type: 'integer', minimum: 1 } }) page: number, @Query('tag', Array) tags: string[]) {
 *     return { page, tags };
 *   }
 * }
 * const app = createApp({ routes: [Search] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/search?page=2&tag=a&tag=b`)).json(), { page: 2, tags: ['a', 'b'] });
 * assert.equal((await fetch(`http://127.0.0.1:${port}/search?page=0`)).status, 400);
 * assert.equal(app.url('search', {}, { query: { page: 2, tag: ['a', 'b'] } }), '/search?page=2&tag=a&tag=b');
 * server.close();
 * ```
 */
export const Query = (name: string, typeOrOptions?: ParamType | ParamOptions) => named('query', '@Query()', name, typeOrOptions);
/**
 * The whole query as a record (a repeated key gives an array); with
 * `{ schema }`, one object coerced as form values are and validated (a 400
 * lists every failure), documented as one query parameter per property.
 *
 * @example
 * ```ts
 * @Controller('/search')
 * class Search {
 *   @Get('', 'search') search(@Queries() query: Record<string, string | string[]>) {
 *     return query;
 *   }
 * }
 * const app = createApp({ routes: [Search] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/search?q=koa&tag=a&tag=b`)).json(), { q: 'koa', tag: ['a', 'b'] });
 * server.close();
 * ```
 */
export const Queries = (options?: QueriesOptions) => paramDecorator('queries', '@Queries()', undefined, options);
/**
 * The request body parsed as JSON (at most `limits.body` bytes), validated by
 * `options.schema` when given; with `required: true` an empty body is a 400.
 *
 * @example
 * ```ts
 * @Controller('/users')
 * class Users {
 *   @Post('', 'create') create(@Body({ required: true, schema: { type: 'object', required: ['name'] } }) body: { name: string }) {
 *     return { created: body.name };
 *   }
 * }
 * const app = createApp({ routes: [Users] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const json = { 'Content-Type': 'application/json' };
 * assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/users`, { method: 'POST', headers: json, body: '{"name":"ada"}' })).json(), { created: 'ada' });
 * assert.equal((await fetch(`http://127.0.0.1:${port}/users`, { method: 'POST', headers: json, body: '{}' })).status, 400);
 * assert.equal((await fetch(`http://127.0.0.1:${port}/users`, { method: 'POST', headers: json, body: '{' })).status, 400);
 * server.close();
 * ```
 */
export const Body = (options?: BodyOptions) => paramDecorator('body', '@Body()', undefined, options);
/**
 * A request header (the name is case-insensitive), converted to the parameter's
 * type (or the type given, `@Header('x-n', Number)` or `{ type: Number }`);
 * `Array` splits it on commas.
 *
 * @example
 * ```ts
 * @Controller('/whoami')
 * class WhoAmI {
 *   @Get('', 'whoami') whoami(@Header('X-User') user: string, @Header('X-Retries') retries: number) {
 *     return { user, retries };
 *   }
 * }
 * const app = createApp({ routes: [WhoAmI] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const response = await fetch(`http://127.0.0.1:${port}/whoami`, { headers: { 'x-user': 'ada', 'x-retries': '3' } });
 * assert.deepEqual(await response.json(), { user: 'ada', retries: 3 });
 * server.close();
 * ```
 */
export const Header = (name: string, typeOrOptions?: ParamType | ParamOptions) => named('header', '@Header()', name, typeOrOptions);
/**
 * The Koa context: `ctx.reverse`, `ctx.route`, `ctx.version` and everything Koa offers.
 *
 * @example
 * ```ts
 * import type { Context } from 'koa';
 * @Controller('/articles')
 * class Articles {
 *   @Get('/:slug', 'article') show(@Param('slug') slug: string, @Ctx() ctx: Context) {
 *     return { self: ctx.reverse('article', { slug }), route: ctx.route?.name };
 *   }
 * }
 * const app = createApp({ routes: [Articles] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const body = await (await fetch(`http://127.0.0.1:${port}/articles/hello`)).json();
 * assert.deepEqual(body, { self: `http://127.0.0.1:${port}/articles/hello`, route: 'article' });
 * server.close();
 * ```
 */
export const Ctx = () => paramDecorator('ctx', '@Ctx()');
/**
 * The request's determined version (`ctx.version`; `null` when versioning is off).
 *
 * @example
 * ```ts
 * @Controller('/:version/users')
 * class Users {
 *   @Get('', 'users-list') list(@Version() version: string | null) {
 *     return { version };
 *   }
 * }
 * const app = createApp({ routes: [Users], versioning: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/v2/users`)).json(), { version: 'v2' });
 * assert.equal((await fetch(`http://127.0.0.1:${port}/v3/users`)).status, 404);
 * server.close();
 * ```
 */
export const Version = () => paramDecorator('version', '@Version()');

/** The bindings of one handler method, ordered by parameter index. */
export function bindingsOf(prototype: object, handler: string | symbol): ParamBinding[] {
  for (let proto = prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const own = readOwn<ParamBinding[]>(MetadataKeys.params, proto, handler);
    if (own) return [...own].sort((a, b) => a.index - b.index);
  }
  return [];
}
