import { ImproperlyConfigured } from '../errors';
import type { Parser } from '../model/parser';

/**
 * A `parsers` option checked when the app is built: a non-empty array of
 * parser objects. A factory passed uncalled (`JSONParser` for `JSONParser()`,
 * as a DRF user writes `parser_classes = [JSONParser]`) is named with the fix.
 */
export function checkParsers(value: unknown, where: string): readonly Parser[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new ImproperlyConfigured(`${where}: parsers must be a non-empty array such as [JSONParser(), FormParser()], got ${describe(value)}.`);
  }
  value.forEach((parser: unknown, index) => {
    if (typeof parser === 'function') {
      throw new ImproperlyConfigured(`${where}: parsers entry ${index + 1} is the factory ${parser.name || 'function'} itself; call it: ${parser.name || 'Parser'}().`);
    }
    const candidate = parser as Partial<Parser> | null;
    if (typeof candidate !== 'object' || candidate === null || typeof candidate.parse !== 'function' || typeof candidate.mediaType !== 'string' || !/^[^\s/]+\/[^\s/]+$/.test(candidate.mediaType)) {
      throw new ImproperlyConfigured(`${where}: parsers entry ${index + 1} must be a parser { mediaType: 'type/subtype', parse(ctx, limits) }, got ${describe(parser)}.`);
    }
  });
  return Object.freeze([...(value as Parser[])]);
}

function describe(value: unknown): string {
  if (typeof value === 'function') return value.name || 'a function';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
