import { MetadataKeys, appendOwn, paramTypes, readOwn } from '../metadata';

export type ParamSource = 'param' | 'params' | 'query' | 'queries' | 'body' | 'header' | 'ctx' | 'version';

export interface ParamBinding {
  index: number;
  source: ParamSource;
  name?: string;
  /** The design type TypeScript recorded (`Number`, `Boolean`, `String`, ...). */
  type: unknown;
}

function paramDecorator(source: ParamSource, name?: string): ParameterDecorator {
  return (target, property, index) => {
    if (property === undefined) throw new TypeError(`@${source}() decorates method parameters, not constructor parameters.`);
    const type = paramTypes(target, property)[index];
    appendOwn<ParamBinding>(MetadataKeys.params, { index, source, name, type }, target, property);
  };
}

/** A path parameter, converted to the parameter's type. @example detail(@Param('id') id: number) */
export const Param = (name: string) => paramDecorator('param', name);
/** Every path parameter as a record. */
export const Params = () => paramDecorator('params');
/** A query parameter (the last value when repeated), converted to the parameter's type. */
export const Query = (name: string) => paramDecorator('query', name);
/** The whole query as a record. */
export const Queries = () => paramDecorator('queries');
/** The request body parsed as JSON. */
export const Body = () => paramDecorator('body');
/** A request header (case-insensitive name). */
export const Header = (name: string) => paramDecorator('header', name.toLowerCase());
/** The Koa context. */
export const Ctx = () => paramDecorator('ctx');
/** The request's determined version (`ctx.version`). */
export const Version = () => paramDecorator('version');

/** The bindings of one handler method, ordered by parameter index. */
export function bindingsOf(prototype: object, handler: string | symbol): ParamBinding[] {
  for (let proto = prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const own = readOwn<ParamBinding[]>(MetadataKeys.params, proto, handler);
    if (own) return [...own].sort((a, b) => a.index - b.index);
  }
  return [];
}
