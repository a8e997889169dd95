import type { Context } from 'koa';
import { httpError, messageOf, HttpError } from '../errors';
import type { ParamBinding } from '../model/params';
import type { Schema } from '../model/schema';
import { compileCheck } from '../schema/check';
import type { SchemaCompiler } from '../schema/compiler';
import { call } from '../util/user-code';
import { Pending, Rejected, type Reader } from './binding';

/**
 * A `createParameter()` binding's reader: the resolver's value (awaited when
 * it is a promise), and for a `required` one `undefined` as the problem it
 * declares: 401 when its `responses` name 401, else 400
 * (docs/declaring-what-handlers-decide.md).
 */
export function customReader(binding: ParamBinding): Reader {
  const { resolve, missing, label } = binding.custom as NonNullable<ParamBinding['custom']>;
  const present = (value: unknown): unknown => {
    if (value === undefined && missing !== null) throw absent(missing, label);
    return value;
  };
  return (ctx: Context) => {
    const value = call(resolve, ctx);
    if (!(value instanceof Promise)) return present(value);
    return new Pending(value.then((settled) => ({ value: present(settled) })));
  };
}

function absent(status: 400 | 401, label: string): HttpError {
  if (status === 401) return httpError('UNAUTHORIZED');
  return new HttpError(400, messageOf('MISSING_PARAMETER', { name: label }));
}

/**
 * `@Queries({ schema })`: the query as one object (a repeated key gives an
 * array, read in one linear pass), coerced to the schema's types as form
 * values are, then validated; a failure is in the route's one 400.
 */
export function queriesReader(schema: Schema, compiler: SchemaCompiler, label: string): Reader {
  const check = compileCheck(schema, compiler, label, undefined, true);
  return (ctx: Context) => {
    const values = new Map<string, string | string[]>();
    for (const [key, value] of new URLSearchParams(ctx.querystring)) {
      const known = values.get(key);
      if (known === undefined) values.set(key, value);
      else if (Array.isArray(known)) known.push(value);
      else values.set(key, [known, value]);
    }
    // fromEntries defines own properties: `__proto__` or `constructor` in a query are keys, never the prototype.
    const checked = check(Object.fromEntries(values));
    if (checked instanceof Promise) return new Pending(checked);
    return checked.issues === undefined ? checked.value : new Rejected(checked.issues);
  };
}
