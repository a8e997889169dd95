import { ImproperlyConfigured } from '../errors';
import { describeEntry, describeGiven, madeBy } from './factory';
import type { Parser, ParserEntry } from '../model/parser';

const A_PARSER = "a parser { mediaType: 'type/subtype', parse(ctx, limits) }";

/**
 * A `parsers` option checked when the app is built: a non-empty array of
 * parsers, each an object or a factory passed uncalled for its defaults
 * (`JSONParser` for `JSONParser()`, as a DRF user writes `parser_classes = [JSONParser]`;
 * docs/renderers-and-parsers.md#instances-or-factories).
 */
export function checkParsers(value: unknown, where: string): readonly Parser[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new ImproperlyConfigured(`${where}: parsers must be a non-empty array such as [JSONParser(), FormParser()], got ${describeGiven(value)}.`);
  }
  return Object.freeze(
    value.map((entry: ParserEntry, index) => {
      const at = `${where}: parsers entry ${index + 1}`;
      const parser = madeBy(entry, at, 'a parser { mediaType, parse(ctx, limits) }') as Partial<Parser> | null;
      if (typeof parser !== 'object' || parser === null || typeof parser.parse !== 'function' || typeof parser.mediaType !== 'string' || !/^[^\s/]+\/[^\s/]+$/.test(parser.mediaType)) {
        throw new ImproperlyConfigured(`${at} must be ${A_PARSER} or a factory of one such as JSONParser, got ${describeEntry(entry, parser)}.`);
      }
      return parser as Parser;
    }),
  );
}
