import { expect } from 'chai';
import fc from 'fast-check';
import { ImproperlyConfigured } from '../../src';
import { linearRegExp } from '../../src/util/linear-regexp';

/** Pieces of everyday patterns whose meaning is the same in JavaScript and RE2 (no `.`, `\s`, `\b`: their line-terminator and Unicode rules differ). */
const atom = fc.constantFrom('a', 'b', '-', '\\d', '[a-z]', '[^/]', '[0-9a-f]', '\\.', 'é', '\\w', '\\u0062', '[\\u0030-\\u0039]');
const quantifier = fc.constantFrom('', '', '+', '*', '?', '{1,3}', '{2}');
const pattern: fc.Arbitrary<string> = fc.letrec<{ p: string }>((tie) => ({
  p: fc.oneof(
    { depthSize: 'small', maxDepth: 3, withCrossShrink: true },
    fc.tuple(atom, quantifier).map(([a, q]) => a + q),
    fc.tuple(fc.array(tie('p'), { minLength: 1, maxLength: 3 }), quantifier).map(([parts, q]) => `(?:${parts.join('')})${q}`),
    fc.tuple(tie('p'), tie('p'), quantifier).map(([a, b, q]) => `(${a}|${b})${q}`),
    fc.array(tie('p'), { minLength: 2, maxLength: 3 }).map((parts) => parts.join('')),
  ),
})).p;

describe('util/linear-regexp', () => {
  it('drops g, y and d so test() gives the same answer every time, and keeps i, m, s', () => {
    const sticky = linearRegExp('a+', 'giy', 'test');
    expect(sticky.flags).to.equal('i');
    expect([sticky.test('AA'), sticky.test('AA')]).to.deep.equal([true, true]);
    expect(linearRegExp('^(?:\\d+)$', 'u', 'test').source).to.equal('^(?:\\d+)$');
  });

  it('exec() gives the match, its groups and its index', () => {
    const match = linearRegExp('([a-z]+)\\.([a-z]+)', '', 'test').exec('go to api.example now');
    expect([...(match ?? [])]).to.deep.equal(['api.example', 'api', 'example']);
    expect(match?.index).to.equal(6);
    expect(linearRegExp('x', '', 'test').exec('abc')).to.equal(null);
  });

  it('reads JavaScript’s \\u escapes (RE2 spells them \\x{...}), and leaves an escaped backslash alone', () => {
    expect(linearRegExp('^[\\u0020-\\u007e]+$', 'u', 'test').test('ok ~')).to.equal(true);
    expect(linearRegExp('^[\\u0020-\\u007e]+$', 'u', 'test').test('é')).to.equal(false);
    expect(linearRegExp('^\\u{e9}\\u00e9$', 'u', 'test').test('éé')).to.equal(true);
    expect(linearRegExp('^\\\\u0041$', '', 'test').test('\\u0041')).to.equal(true);
  });

  it('refuses at build what RE2 cannot run in linear time, naming the place and the fix', () => {
    for (const source of ['(a)\\1', 'a(?=b)', 'a(?!b)', '(?<=a)b']) {
      expect(() => linearRegExp(source, '', 'requirement "id" of Users.detail'), source).to.throw(ImproperlyConfigured, /requirement "id" of Users\.detail.*linear time.*docs\/security\.md/);
    }
  });

  it('property: every generated everyday pattern builds and answers as V8 does (floor of built patterns)', () => {
    let built = 0;
    fc.assert(
      fc.property(pattern, fc.array(fc.stringMatching(/^[ab\-.é1f/Z]{0,6}$/), { minLength: 1, maxLength: 8 }), (source, inputs) => {
        const v8 = new RegExp(`^(?:${source})$`, 'u');
        const linear = linearRegExp(`^(?:${source})$`, 'u', 'generated');
        built++;
        for (const input of inputs) expect(linear.test(input), `/${source}/ on ${JSON.stringify(input)}`).to.equal(v8.test(input));
      }),
      { numRuns: 300 },
    );
    expect(built).to.equal(300);
  });
});
