import type { Context } from 'koa';
import { ImproperlyConfigured } from '../errors';
import type { Conversion, Scalar } from '../validation/convert';
import { INEXACT, INVALID } from '../validation/convert';
import { inexact, invalid, missing, missingBody, missingFile, rejected, tooMany, type Place } from '../validation/failures';
import type { Issue } from '../schema/compiler';
import type { Check, Checked } from '../schema/check';
import type { ParseLimits, Parser, UploadedFile } from '../model/parser';
import { uploadsOf } from '../bodies/files';
import { readBody } from '../bodies/parsers/read';
import { lastQueryValue } from './query';
import { owned } from '../util/user-code';

type Params = Record<string, string>;

/** A value read from the request: the text, a list of texts, or `undefined` when absent. */
export type Source = (ctx: Context, params: Params) => string | readonly string[] | undefined;

/**
 * One argument of a handler; `Rejected` carries a schema's failures, collected
 * over every argument, and `Pending` an asynchronous validator's verdict.
 */
export type Reader = (ctx: Context, params: Params) => unknown;

/** How many elements an `Array` parameter may have (repeated query keys, a header's list). */
export const MAX_VALUES = 1000;

export class Rejected {
  constructor(readonly issues: Issue[]) {}
}

/**
 * A value whose resolver or validator answered with a promise: only such a value makes binding
 * wait. The promise is owned (`owned`, docs/architecture.md#user-code): when another argument
 * fails first, binding throws that failure and this one is no unhandled rejection.
 */
export class Pending {
  readonly checked: Promise<Checked>;
  constructor(checked: Promise<Checked>) {
    this.checked = owned(checked) as Promise<Checked>;
  }
}

export interface ValueSpec {
  place: Place;
  name: string;
  source: Source;
  conversion: Conversion;
  required: boolean;
  check?: Check;
  /**
   * A Standard Schema validator: it gets the converted value (a `Date`
   * included) and its output is the argument. A JSON Schema describes JSON,
   * where a date is its text: it checks the text and the argument stays the `Date`.
   */
  standard?: boolean;
}

/** A path, query or header value: read, converted, checked against its schema. */
export function valueReader({ place, name, source, conversion, required, check, standard }: ValueSpec): Reader {
  return (ctx, params) => {
    const raw = source(ctx, params);
    if (raw === undefined) {
      if (required) throw missing(place, name);
      return undefined;
    }
    let value: unknown;
    if (conversion.kind === 'array') {
      const texts = typeof raw === 'string' ? [raw] : raw;
      if (texts.length > MAX_VALUES) throw tooMany(place as Exclude<Place, 'path' | 'cookie'>, name, MAX_VALUES);
      const { convert, name: type } = conversion.element;
      value = texts.map((text) => {
        const element = convert(text);
        if (element === INVALID) throw invalid(place, name, type as Exclude<typeof type, 'String'>);
        if (element === INEXACT) throw inexact(place, name);
        return element;
      });
      // As for one Date: a JSON Schema describes the texts, and the argument stays the Dates.
      if (check && !standard && type === 'Date') {
        const checked = check(texts) as Checked;
        return checked.issues === undefined ? value : new Rejected(checked.issues);
      }
    } else {
      const text = typeof raw === 'string' ? raw : raw[raw.length - 1];
      value = conversion.scalar.convert(text);
      if (value === INVALID) throw invalid(place, name, conversion.scalar.name as Exclude<Scalar['name'], 'String'>);
      if (value === INEXACT) throw inexact(place, name);
      if (check && !standard && value instanceof Date) {
        const checked = check(text) as Checked;
        return checked.issues === undefined ? value : new Rejected(checked.issues);
      }
    }
    if (!check) return value;
    const checked = check(value);
    return checked instanceof Promise ? new Pending(checked) : argument(checked);
  };
}

function argument(checked: Checked): unknown {
  return checked.issues === undefined ? checked.value : new Rejected(checked.issues);
}

export interface BodySpec {
  index: number;
  required: boolean;
  check?: Check;
  /** The same schema with form values coerced to its types (ajv's `coerceTypes`), for bodies of form parsers. */
  coerce?: Check;
}

/** `@File(name)` (one file, `many` false) or `@Files(name?)` (every file, or those of one field). */
export interface FileSpec {
  index: number;
  name: string | undefined;
  many: boolean;
  required: boolean;
}

/** How a route reads its body: its parsers, the limits, and what its arguments take from it. */
export interface BodyPlan {
  parsers: readonly Parser[];
  limits: ParseLimits;
  bodies: readonly BodySpec[];
  files: readonly FileSpec[];
}

/** Binds one route's arguments; a promise only when the route reads the body. */
export type Bind = (ctx: Context, params: Params) => unknown[] | Promise<unknown[]>;

const NO_ARGUMENTS: readonly unknown[] = Object.freeze([]);

/**
 * The handler's arguments. Only a body (`@Body()`, `@File()`) or a validator that answers with
 * a promise makes it asynchronous: the other sources are read at once. Every
 * schema failure among the other arguments is reported in one 400.
 */
export function binder(readers: readonly { index: number; read: Reader }[], body: BodyPlan | null): Bind {
  if (readers.length === 0 && body === null) return () => NO_ARGUMENTS as unknown[];
  return (ctx, params) => {
    const args: unknown[] = [];
    let issues: Issue[] | undefined;
    let pending: { index: number; value: Pending }[] | undefined;
    for (const { index, read } of readers) {
      const value = read(ctx, params);
      if (value instanceof Rejected) (issues ??= []).push(...value.issues);
      else if (value instanceof Pending) (pending ??= []).push({ index, value });
      else args[index] = value;
    }
    if (pending !== undefined) return settle(pending, args, issues).then(() => (body === null ? args : bodyArguments(ctx, body, args)));
    if (issues) throw rejected(issues);
    if (body === null) return args;
    return bodyArguments(ctx, body, args);
  };
}

async function settle(pending: readonly { index: number; value: Pending }[], args: unknown[], known: Issue[] | undefined): Promise<void> {
  let issues = known;
  // All at once: a validator that throws must not leave the others' rejections unhandled.
  const settled = await Promise.all(pending.map(({ value }) => value.checked));
  settled.forEach((checked, i) => {
    if (checked.issues === undefined) args[pending[i].index] = checked.value;
    else (issues ??= []).push(...checked.issues);
  });
  if (issues) throw rejected(issues);
}

async function bodyArguments(ctx: Context, { parsers, limits, bodies, files }: BodyPlan, args: unknown[]): Promise<unknown[]> {
  const body = await readBody(ctx, parsers, limits);
  const uploads = uploadsOf(body);
  for (const { index, name, many, required } of files) {
    const chosen = name === undefined ? uploads : uploads.filter((file) => file.fieldName === name);
    if (required && chosen.length === 0) throw missingFile(name ?? '*');
    args[index] = many ? [...chosen] : (chosen[0] satisfies UploadedFile | undefined);
  }
  for (const { index, required, check, coerce } of bodies) {
    if (body === undefined) {
      if (required) throw missingBody();
      continue;
    }
    const validate = bodyCheckFor(ctx, parsers, check, coerce);
    if (validate === undefined) {
      args[index] = body;
      continue;
    }
    let checked = validate(body);
    if (checked instanceof Promise) checked = await checked;
    if (checked.issues !== undefined) throw rejected(checked.issues);
    args[index] = checked.value;
  }
  return args;
}

/**
 * Repeated query keys give the last value (Django's `QueryDict.get`), or
 * every value in order for `Array`; both read the query string in one linear
 * pass (Koa's `ctx.query` is quadratic in repeated keys).
 */
export function querySource(name: string, list: boolean): Source {
  if (!list) return (ctx) => lastQueryValue(ctx.querystring, name);
  return (ctx) => {
    const values = new URLSearchParams(ctx.querystring).getAll(name);
    return values.length === 0 ? undefined : values;
  };
}

/** A header, absent when empty; an `Array` parameter splits it on commas (RFC 9110 §5.6.1). */
export function headerSource(name: string, list: boolean): Source {
  if (!list) return (ctx) => ctx.get(name) || undefined;
  return (ctx) => {
    const value = ctx.get(name);
    if (!value) return undefined;
    // Splitting stops one past the bound: a header of 10,000 commas costs MAX_VALUES + 1 elements,
    // and that many (empty ones included) is refused by the reader as too many.
    const parts = value.split(',', MAX_VALUES + 1);
    if (parts.length > MAX_VALUES) return parts;
    const elements: string[] = [];
    for (const part of parts) {
      const element = part.trim();
      if (element !== '') elements.push(element); // RFC 9110 §5.6.1: empty elements are ignored
    }
    return elements;
  };
}

/**
 * A cookie, absent when empty; `signed` reads it through Koa's signed cookies
 * (keygrip over `app.keys`), where a bad signature is absent too.
 */
export function cookieSource(name: string, signed: boolean): Source {
  if (!signed) return (ctx) => ctx.cookies.get(name) || undefined;
  return (ctx) => {
    if (!ctx.app.keys) {
      throw new ImproperlyConfigured(`@Cookie('${name}', { signed: true }) needs the app's keys: set app.keys = ['a secret'] (Koa's signed cookies).`);
    }
    return ctx.cookies.get(name, { signed: true }) || undefined;
  };
}

export function pathSource(name: string): Source {
  return (_ctx, params) => params[name];
}

/** A form's values are text: its own parser says so, and only then does the schema coerce them (`coerce`, when compiled). */
export function bodyCheckFor(ctx: Context, parsers: readonly Parser[], check: Check | undefined, coerce: Check | undefined): Check | undefined {
  return coerce !== undefined && parsers.some((parser) => parser.form === true && ctx.is(parser.mediaType)) ? coerce : check;
}
