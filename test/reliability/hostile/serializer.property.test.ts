import { expect } from 'chai';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import type { JSONSchema } from '../../../src/model/schema';
import { compileSerializer } from '../../../src/schema/serializer';

/** Patterns V8 runs in linear time. */
const SAFE = ['^a', '^[a-z]+$', 'b$', '^\\d{2,4}$', '^(ab)+$', '1'];
/** Patterns V8 runs in exponential or high polynomial time on a crafted value (test/reliability/catastrophic-regexp.test.ts). */
const CATASTROPHIC = ['^(a+)+$', '^(a|a)*$', '^(a|aa)+$', '^(\\d+\\.?)+$', '^([a-z]+)*[0-9]$', '(.*a){12}', '^(\\w+\\s?)+$'];
/** Patterns RE2 cannot run in linear time: the schema must be refused when it is compiled. */
const REFUSED = ['^(a)\\1$', '^(?=a)a$', '(?<=a)b', '^(?!b)'];

const pattern = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...SAFE) }, { weight: 4, arbitrary: fc.constantFrom(...CATASTROPHIC) }, { weight: 1, arbitrary: fc.constantFrom(...REFUSED) });
/** Text a catastrophic pattern stalls on (a run of one character, then one that breaks the match), or short random text. */
const text = fc.oneof(
  fc.tuple(fc.constantFrom('a', '1', 'w', 'ab'), fc.integer({ min: 0, max: 200 }), fc.constantFrom('!', '', 'x', ' ', '1')).map(([run, n, end]) => run.repeat(n) + end),
  fc.string({ unit: fc.constantFrom('a', 'b', '1', ' ', '!', '.'), maxLength: 12 }),
);

/** Whether `source` matches `input`: V8 where that is quick (short input), RE2 otherwise (a schema with a refused pattern is never run). */
const matches = (source: string, input: string): boolean =>
  !REFUSED.includes(source) && (input.length <= 20 ? new RegExp(source).test(input) : RE2JS.compile(source).test(input));

interface Case {
  schema: JSONSchema;
  patterns: string[];
  value: unknown;
  /** What the serializer must write, or `undefined` for a value no branch takes (it throws). */
  expected: unknown;
  /** Whether a pattern of the schema matched the value (a key kept, a branch taken). */
  matched: boolean;
}

/** patternProperties (at the top, or behind a $ref), anyOf, oneOf and if, each with the value's expected output. */
const cases: fc.Arbitrary<Case> = fc.oneof(
  fc.tuple(pattern, pattern, fc.uniqueArray(text, { maxLength: 4 }), fc.boolean()).map(([p, q, keys, referenced]): Case => {
    const map: JSONSchema = { type: 'object', properties: { id: { type: 'integer' } }, patternProperties: { [p]: { type: 'string' }, [q]: { type: 'string' } }, additionalProperties: false };
    const value: Record<string, unknown> = { id: 1 };
    for (const key of keys) if (key !== 'id') value[key] = 'v';
    const kept = Object.fromEntries(Object.entries(value).filter(([key]) => key === 'id' || matches(p, key) || matches(q, key)));
    const matched = Object.keys(kept).length > 1;
    if (!referenced) return { schema: map, patterns: [p, q], value, expected: kept, matched };
    return { schema: { type: 'object', properties: { m: { $ref: '#/$defs/map' } }, $defs: { map } }, patterns: [p, q], value: { m: value }, expected: { m: kept }, matched };
  }),
  fc.tuple(pattern, text, fc.constantFrom('anyOf', 'oneOf')).map(([p, s, keyword]): Case => ({
    schema: { type: 'object', properties: { v: { [keyword]: [{ type: 'string', pattern: p }, { type: 'number' }] } } },
    patterns: [p],
    value: { v: s },
    expected: matches(p, s) ? { v: s } : undefined,
    matched: matches(p, s),
  })),
  fc.tuple(pattern, text).map(([p, s]): Case => ({
    schema: { type: 'object', properties: { v: { type: 'string' } }, if: { properties: { v: { pattern: p } } }, then: { properties: { w: { type: 'string' } } } },
    patterns: [p],
    value: { v: s, w: 'w' },
    expected: matches(p, s) ? { v: s, w: 'w' } : { v: s },
    matched: matches(p, s),
  })),
);

/**
 * Runs `serialize` with every execution on V8's engine recorded: `test`,
 * `match`, `replace` and the rest all call `RegExp.prototype.exec`, which the
 * linear engine's expressions override and never reach.
 */
function onV8(serialize: () => string): { written: string | undefined; sources: string[] } {
  const exec = Object.getOwnPropertyDescriptor(RegExp.prototype, 'exec') as PropertyDescriptor;
  const sources: string[] = [];
  Object.defineProperty(RegExp.prototype, 'exec', {
    ...exec,
    value: function recorded(this: RegExp, input: string) {
      sources.push(this.source);
      return (exec.value as RegExp['exec']).call(this, input);
    },
  });
  try {
    return { written: serialize(), sources };
  } catch {
    return { written: undefined, sources };
  } finally {
    Object.defineProperty(RegExp.prototype, 'exec', exec);
  }
}

describe('reliability: response serialization runs schema patterns on the linear engine only (property)', function () {
  this.timeout(120_000);

  it('for random schemas with safe, catastrophic and unrunnable patterns: refused at build, or no pattern ever runs on V8 and the output is right', () => {
    let accepted = 0;
    let matched = 0;
    let unmatched = 0;
    let crafted = 0;
    fc.assert(
      fc.property(cases, (c) => {
        const refusable = c.patterns.some((p) => REFUSED.includes(p));
        let serialize: ((value: unknown) => string) | undefined;
        try {
          serialize = compileSerializer(c.schema, 'the test route');
        } catch (error) {
          expect(refusable, (error as Error).message).to.equal(true);
          expect(error).to.have.property('code', 'IMPROPERLY_CONFIGURED');
          return;
        }
        expect(refusable, `${JSON.stringify(c.schema)} compiled`).to.equal(false);
        accepted++;
        const { written, sources } = onV8(() => (serialize as (value: unknown) => string)(c.value));
        expect(sources.filter((source) => c.patterns.includes(source)), 'patterns run on V8').to.deep.equal([]);
        expect(written === undefined ? undefined : JSON.parse(written), JSON.stringify(c)).to.deep.equal(c.expected);
        if (c.matched) matched++;
        else unmatched++;
        if (c.patterns.some((p) => CATASTROPHIC.includes(p)) && JSON.stringify(c.value).length > 60) crafted++;
      }),
      { numRuns: 400, seed: 30 },
    );
    // A serializer that refused every schema, or ignored every pattern, fails these.
    expect(accepted, 'schemas compiled').to.be.at.least(250);
    expect(matched, 'cases where a pattern matched (a key kept, a branch taken)').to.be.at.least(60);
    expect(unmatched, 'cases where no pattern matched').to.be.at.least(60);
    expect(crafted, 'catastrophic patterns given a long crafted value').to.be.at.least(60);
  });
});
