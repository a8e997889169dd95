import { jsonPath } from '../runner-options/problems';
import { MAX_NESTING } from '../runner-options/source';

/** A tsconfig.json read without TypeScript: its value, and the JSON path of any offset in it. */
export interface JsoncFile {
  value: unknown;
  /** `$.compilerOptions.target` for an offset inside that key or its value. */
  pathAt(offset: number): string;
  /** The offset of a 1-based line and column, as tsc prints them (a byte-order mark not counted). */
  offsetOf(line: number, column: number): number;
}

interface Span {
  start: number;
  end: number;
  segments: (string | number)[];
}

/**
 * Reads JSON with comments and trailing commas (and a byte-order mark), as
 * tsconfig.json files are written, keeping where each key and value is.
 * Written here because TypeScript 7, the one reader a project then has, gives
 * JavaScript no parser, and the format is small; throws a SyntaxError naming
 * the line on anything else.
 */
export function parseJsonc(text: string): JsoncFile {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const spans: Span[] = [];
  let at = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at line ${source.slice(0, at).split('\n').length}`);
  };
  const skip = () => {
    for (;;) {
      const rest = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)/.exec(source.slice(at, at + 4096));
      if (rest === null || rest[0] === '') return;
      at += rest[0].length;
    }
  };
  const string = (): string => {
    const match = /^"(?:[^"\\\n]|\\.)*"/.exec(source.slice(at));
    if (match === null) return fail('unterminated string');
    at += match[0].length;
    return JSON.parse(match[0]) as string;
  };
  const value = (segments: (string | number)[], depth: number): unknown => {
    if (depth > MAX_NESTING) fail(`nesting deeper than ${MAX_NESTING} levels`);
    skip();
    const start = at;
    const char = source[at];
    let result: unknown;
    if (char === '{' || char === '[') {
      const object = char === '{';
      const collected: Record<string, unknown> | unknown[] = object ? {} : [];
      at++;
      for (let index = 0; ; index++) {
        skip();
        if (source[at] === (object ? '}' : ']')) break;
        if (object) {
          const keyStart = at;
          if (source[at] !== '"') fail('expected a property name');
          const key = string();
          spans.push({ start: keyStart, end: at, segments: [...segments, key] });
          skip();
          if (source[at++] !== ':') fail("expected ':'");
          (collected as Record<string, unknown>)[key] = value([...segments, key], depth + 1);
        } else {
          (collected as unknown[]).push(value([...segments, index], depth + 1));
        }
        skip();
        if (source[at] === ',') at++;
        else if (source[at] !== (object ? '}' : ']')) fail(`expected ',' or '${object ? '}' : ']'}'`);
      }
      at++;
      result = collected;
    } else if (char === '"') {
      result = string();
    } else {
      const literal = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(source.slice(at, at + 64));
      if (literal === null) return fail('unexpected character');
      at += literal[0].length;
      result = JSON.parse(literal[0]);
    }
    spans.push({ start, end: at, segments });
    return result;
  };
  skip();
  const parsed = at === source.length ? {} : value([], 0);
  skip();
  if (at !== source.length) fail('unexpected text after the value');
  const lineStarts = [0, ...[...source.matchAll(/\n/g)].map((match) => (match.index ?? 0) + 1)];
  return {
    value: parsed,
    pathAt(offset) {
      const inside = spans.filter((span) => offset >= span.start && offset < span.end);
      const innermost = inside.reduce<Span | undefined>((best, span) => (best === undefined || span.segments.length > best.segments.length ? span : best), undefined);
      return jsonPath((innermost?.segments ?? []).map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''));
    },
    offsetOf: (line, column) => (lineStarts[line - 1] ?? source.length) + column - 1,
  };
}
