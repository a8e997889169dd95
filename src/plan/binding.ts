import type { ParamBinding } from '../model/params';
import { ImproperlyConfigured } from '../errors';
import type { RouteRecord } from '../model/route';
import { conversionFor, Scalars, type Conversion } from '../validation/convert';
import type { Place } from '../validation/failures';
import type { SchemaCompiler } from '../schema/compiler';
import type { Schema } from '../model/schema';
import { isStandardSchema } from '../schema/kinds';
import { compileCheck, type Check } from '../schema/check';
import { describeSchema } from '../schema/document';
import type { ParseLimits, Parser } from '../model/parser';
import { customReader, queriesReader } from '../http/custom-binding';
import { binder, cookieSource, headerSource, pathSource, querySource, valueReader, type Bind, type BodySpec, type FileSpec, type Reader } from '../http/binding';

export interface BindingOptions {
  /** The app's schema compiler (one per app). */
  compiler: SchemaCompiler;
  /** The app's parsers, for routes that set none. */
  parsers: readonly Parser[];
  /** The app's body limits. */
  limits: ParseLimits;
}

const PLACES = { param: 'path', query: 'query', header: 'header', cookie: 'cookie' } as const satisfies Record<string, Place>;
const DECORATORS = { param: '@Param', query: '@Query', header: '@Header', cookie: '@Cookie' } as const;

const readWhole: Record<'ctx' | 'params' | 'queries' | 'version', Reader> = {
  ctx: (ctx) => ctx,
  params: (_ctx, params) => ({ ...params }),
  queries: (ctx) => ({ ...ctx.query }),
  version: (ctx) => ctx.version,
};

/** The binder of every route without parameter decorators (most of a large table): no per-route closure. */
const NO_BINDINGS: Bind = binder([], null);

/**
 * Turns a route's parameter decorators into its binder, once per app when the
 * app is built: conversions chosen, schemas compiled, and every mistake of
 * docs/controllers-and-parameters.md#mistakes-caught-when-the-app-is-built
 * thrown as `ImproperlyConfigured` naming `Class.method`, the
 * parameter and the fix.
 */
export function planBinding(route: RouteRecord, { compiler, parsers: appParsers, limits }: BindingOptions): Bind {
  if (route.bindings.length === 0) return NO_BINDINGS;
  const where = `${route.controller.name}.${String(route.handler)}`;
  const readers: { index: number; read: Reader }[] = [];
  const bodies: BodySpec[] = [];
  const files: FileSpec[] = [];
  const parsers = route.parsers ?? appParsers;
  for (const binding of route.bindings) {
    const { index, source, options } = binding;
    if (source === 'body') {
      const label = `${where} parameter ${index + 1} (@Body())`;
      bodies.push({ index, required: options.required === true, ...bodyChecks(options.schema, parsers, compiler, label) });
    } else if (source === 'file' || source === 'files') {
      if (!parsers.some((parser) => parser.files === true)) {
        const decorator = source === 'file' ? `@File('${binding.name}')` : binding.name === undefined ? '@Files()' : `@Files('${binding.name}')`;
        throw new ImproperlyConfigured(
          `${where} parameter ${index + 1} (${decorator}): the route reads ${parsers.map((parser) => parser.mediaType).join(', ')}, which carry no files. ` +
            "Give the route (or its controller) a parser of uploads: { parsers: [MultiPartParser()] }.",
        );
      }
      files.push({ index, name: binding.name, many: source === 'files', required: options.required === true });
    } else if (source === 'custom') {
      readers.push({ index, read: customReader(binding) });
    } else if (source === 'queries' && options.schema !== undefined) {
      readers.push({ index, read: queriesReader(options.schema, compiler, `${where} parameter ${index + 1} (@Queries())`) });
    } else if (source === 'param' || source === 'query' || source === 'header' || source === 'cookie') {
      const name = binding.name as string;
      const label = `${where} parameter ${index + 1} (${DECORATORS[source]}('${name}'))`;
      if (source === 'param' && !route.pattern.has(name) && !(route.host?.params.includes(name) ?? false)) {
        const known = route.pattern.params.map((param) => param.name).join(', ') || 'none';
        throw new ImproperlyConfigured(`${label}: the path '${route.pattern.source}' has no parameter "${name}" (it has: ${known}). Fix the name or the path.`);
      }
      const conversion = conversionOf(binding, label, source, source === 'param' && textOnly(route.requirements.get(name)));
      const check = options.schema === undefined ? undefined : compileCheck(options.schema, compiler, label, name);
      const read = valueReader({
        place: PLACES[source],
        name,
        source:
          source === 'param'
            ? pathSource(name)
            : source === 'query'
              ? querySource(name, conversion.kind === 'array')
              : source === 'cookie'
                ? cookieSource(name, options.signed === true)
                : headerSource(name, conversion.kind === 'array'),
        conversion,
        required: options.required === true,
        check,
        standard: isStandardSchema(options.schema),
      });
      readers.push({ index, read });
    } else {
      readers.push({ index, read: readWhole[source as keyof typeof readWhole] });
    }
  }
  return binder(readers, bodies.length === 0 && files.length === 0 ? null : { parsers, limits, bodies, files });
}

/** Numbers as a path carries them: a requirement that admits one leaves open whether the parameter is a number or digits. */
const NUMERALS = ['0', '1', '7', '42', '2026', '-1', '1.5'];

/**
 * Whether a path parameter's requirement says it is text: it admits no numeral, so that
 * without recorded types it is the text the requirement matched, never a number read as a
 * string (docs/controllers-and-parameters.md#without-decorator-metadata).
 */
function textOnly(requirement: RegExp | undefined): boolean {
  if (requirement === undefined) return false;
  const probe = new RegExp(requirement.source, requirement.flags.replace(/[gy]/g, ''));
  return !NUMERALS.some((numeral) => probe.test(numeral));
}

/** `text`: a path parameter whose requirement says it is text (`textOnly`). */
function conversionOf(binding: ParamBinding, label: string, source: 'param' | 'query' | 'header' | 'cookie', text: boolean): Conversion {
  const { options } = binding;
  const decorator = DECORATORS[source];
  const name = `'${binding.name}'`;
  // TypeScript records `string | undefined` and `number | undefined` alike (Object): list the choices, never guess one.
  const types = ['String', 'Number', 'Boolean', 'Date', ...(source === 'param' || source === 'cookie' ? [] : ['Array'])];
  const choices =
    `one of ${types.map((type) => `${decorator}(${name}, ${type})`).join(', ')} ` +
    `(as an option: ${types.map((type) => `{ type: ${type} }`).join(', ')}), or a schema: ${decorator}(${name}, { schema })`;
  if (!binding.designed && options.type === undefined && options.schema === undefined) {
    if (text) return { kind: 'scalar', scalar: Scalars.String };
    throw new ImproperlyConfigured(
      `${label}: TypeScript recorded no parameter types for this method, so the value cannot be converted. ` +
        `Give the type yourself: ${choices}; ` +
        'or set "emitDecoratorMetadata": true and "experimentalDecorators": true in tsconfig.json and compile with tsc or ts-node (tsx, esbuild and Vitest 3 drop the metadata).',
    );
  }
  const conversion = conversionFor(options.type ?? binding.type, asJson(options.schema), options.items);
  if (conversion === undefined) {
    const recorded = typeof binding.type === 'function' ? binding.type.name : String(binding.type);
    throw new ImproperlyConfigured(
      `${label}: its type was recorded as ${recorded} (a union such as number | undefined, an interface, or any), which waymark cannot convert. ` +
        `Declare it as string, number, boolean, Date or an array, or give the type: ${choices}.`,
    );
  }
  if (source === 'param' && conversion.kind === 'array') {
    throw new ImproperlyConfigured(`${label}: a path parameter is one value, not an Array. Use a string and split it, or a query parameter.`);
  }
  if (source === 'cookie' && conversion.kind === 'array') {
    throw new ImproperlyConfigured(`${label}: a cookie is one value, not an Array. Use a string and split it.`);
  }
  return conversion;
}

/** What conversion reads of a schema: a Standard validator's described input (`z.number()` converts like `Number`), else `{}` (the text is passed as it is). */
function asJson(schema: Schema | undefined) {
  if (schema === undefined || !isStandardSchema(schema)) return schema;
  return describeSchema(schema, 'input').schema ?? {};
}

/**
 * A body schema's check, and for a route with a form parser the same schema
 * compiled to coerce form values (text) to its types; the binder picks one
 * per request (`bodyCheckFor`).
 */
export function bodyChecks(schema: Schema | undefined, parsers: readonly Parser[], compiler: SchemaCompiler, label: string): { check: Check | undefined; coerce: Check | undefined } {
  if (schema === undefined) return { check: undefined, coerce: undefined };
  const form = parsers.some((parser) => parser.form === true) && !isStandardSchema(schema);
  return { check: compileCheck(schema, compiler, label), coerce: form ? compileCheck(schema, compiler, label, undefined, true) : undefined };
}
