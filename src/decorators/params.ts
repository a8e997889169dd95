import { ImproperlyConfigured } from '../errors';
import { MetadataKeys, appendOwn, paramTypes, readOwn } from '../metadata';
import { checkKeys } from '../util/keys';
import { assertLegacyCall } from './legacy';

export type ParamSource = 'param' | 'params' | 'query' | 'queries' | 'body' | 'header' | 'ctx' | 'version';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). */
export type JSONSchema = boolean | { readonly [keyword: string]: unknown };

/** The types a path, query or header value converts to. */
export type ParamType = StringConstructor | NumberConstructor | BooleanConstructor | DateConstructor | ArrayConstructor;

export interface ParamOptions {
  /** Converts to this type instead of the one TypeScript recorded (api.md §12). */
  type?: ParamType;
  /** A missing value is a 400 naming the parameter. */
  required?: boolean;
  /** Validates the converted value (the body as parsed); compiled once when the app is built. */
  schema?: JSONSchema;
}

/** `@Body()` has no conversion: the body is the JSON as parsed. */
export type BodyOptions = Omit<ParamOptions, 'type'>;

export interface ParamBinding {
  index: number;
  source: ParamSource;
  name?: string;
  /** The design type TypeScript recorded (`Number`, `Boolean`, `String`, ...). */
  type: unknown;
  /** False when TypeScript recorded no parameter types for the method (no `emitDecoratorMetadata`). */
  designed: boolean;
  options: ParamOptions;
}

export const PARAM_TYPES: readonly unknown[] = [String, Number, Boolean, Date, Array];
const OPTION_KEYS = ['type', 'required', 'schema'];

function paramDecorator(source: ParamSource, decorator: string, name?: string, options?: ParamOptions): ParameterDecorator {
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

function checkOptions(options: ParamOptions | undefined, where: string, source: ParamSource): ParamOptions {
  if (options === undefined) return {};
  const known = source === 'body' ? OPTION_KEYS.filter((key) => key !== 'type') : OPTION_KEYS;
  checkKeys(`${where} options`, options, known);
  if (options.type !== undefined && !PARAM_TYPES.includes(options.type)) {
    throw new ImproperlyConfigured(`${where}: option type must be String, Number, Boolean, Date or Array, got ${String(options.type)}.`);
  }
  if (options.required !== undefined && typeof options.required !== 'boolean') {
    throw new ImproperlyConfigured(`${where}: option required must be true or false, got ${JSON.stringify(options.required)}.`);
  }
  const schema = options.schema;
  if (schema !== undefined && typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null || Array.isArray(schema))) {
    throw new ImproperlyConfigured(`${where}: option schema must be a JSON Schema (an object or a boolean), got ${JSON.stringify(schema)}.`);
  }
  return { ...options };
}

function named(source: ParamSource, decorator: string, name: unknown, options?: ParamOptions): ParameterDecorator {
  if (typeof name !== 'string' || name === '') {
    throw new ImproperlyConfigured(`${decorator} needs the name of the value to bind, got ${JSON.stringify(name)}.`);
  }
  return paramDecorator(source, `${decorator.slice(0, -1)}'${name}')`, source === 'header' ? name.toLowerCase() : name, options);
}

/**
 * A path parameter, converted to the parameter's type (or `options.type`).
 * `@Param('id')` on a route whose path has no `:id` fails when the app is built.
 *
 * @example
 * @Controller('/users')
 * class Users {
 *   @Get('/:id', 'detail') detail(@Param('id') id: number) { return { id, next: id + 1 }; }
 * }
 * assert.equal(createApp({ routes: [Users] }).url('detail', { id: 7 }), '/users/7');
 */
export const Param = (name: string, options?: ParamOptions) => named('param', '@Param()', name, options);
/** Every path parameter as a record. @example class A { @Get('/:a/:b') both(@Params() all: Record<string, string>) { return all; } } */
export const Params = () => paramDecorator('params', '@Params()');
/**
 * A query parameter, converted to the parameter's type (or `options.type`):
 * the last value when the key is repeated, every value in order for `Array`.
 *
 * @example
 * @Controller('/search')
 * class Search {
 *   @Get('', 'search') search(@Query('page', { schema: { type: 'integer', minimum: 1 } }) page: number, @Query('tag', { type: Array }) tags: string[]) {
 *     return { page, tags };
 *   }
 * }
 * assert.equal(createApp({ routes: [Search] }).url('search', {}, { query: { page: 2, tag: ['a', 'b'] } }), '/search?page=2&tag=a&tag=b');
 */
export const Query = (name: string, options?: ParamOptions) => named('query', '@Query()', name, options);
/** The whole query as a record. @example class A { @Get('/q') all(@Queries() query: Record<string, string | string[]>) { return query; } } */
export const Queries = () => paramDecorator('queries', '@Queries()');
/**
 * The request body parsed as JSON (at most `limits.body` bytes), validated by
 * `options.schema` when given; with `required: true` an empty body is a 400.
 *
 * @example
 * @Controller('/users')
 * class Users {
 *   @Post('', 'create') create(@Body({ required: true, schema: { type: 'object', required: ['name'] } }) body: { name: string }) {
 *     return { created: body.name };
 *   }
 * }
 * assert.equal(createApp({ routes: [Users] }).url('create'), '/users');
 */
export const Body = (options?: BodyOptions) => paramDecorator('body', '@Body()', undefined, options);
/** A request header (case-insensitive name); `Array` splits it on commas. @example class A { @Get('/h') h(@Header('X-Count') count: number) { return count; } } */
export const Header = (name: string, options?: ParamOptions) => named('header', '@Header()', name, options);
/** The Koa context. @example class A { @Get('/c') c(@Ctx() ctx: { path: string }) { return ctx.path; } } */
export const Ctx = () => paramDecorator('ctx', '@Ctx()');
/** The request's determined version (`ctx.version`). @example class A { @Get('/v') v(@Version() version: string | null) { return version; } } */
export const Version = () => paramDecorator('version', '@Version()');

/** The bindings of one handler method, ordered by parameter index. */
export function bindingsOf(prototype: object, handler: string | symbol): ParamBinding[] {
  for (let proto = prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const own = readOwn<ParamBinding[]>(MetadataKeys.params, proto, handler);
    if (own) return [...own].sort((a, b) => a.index - b.index);
  }
  return [];
}
