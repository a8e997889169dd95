import { expect } from 'chai';
import fc from 'fast-check';
import { Controller, Get, NoReverseMatch } from '../../src';
import { Matcher } from '../../src/routing/matcher';
import { buildRouteTable } from '../../src/table/builder';
import { reversePath } from '../../src/table/reverse';

@Controller()
class Shapes {
  @Get('/users/:id', 'one') one() {}
  @Get('/pair/:a/:b', 'two') two() {}
  @Get('/range/:from-:to', 'range') range() {}
  @Get('/file/:name.:ext', 'file') file() {}
  @Get('/tree/*path', 'tree') tree() {}
  @Get('/items{/:page}', 'items') items() {}
}

const table = buildRouteTable([Shapes]);
const matcher = new Matcher(table.routes);

/** Unbiased strings almost never hit `.`; these are the values that broke other routers. */
const nasty = fc.constantFrom('.', '..', '', '/', '//', '%', '%2e', '%2e%2e', '%2F', '?', '#', '\\', ' ', '-', '.x', 'é', '🍌', '\ud800', '\udfff', 'a/b', '../a', ':', '*', '{', '}', '+', '&', '=', '\u0000', '\r\n');
const value = fc.oneof({ weight: 3, arbitrary: nasty }, { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) }, { weight: 1, arbitrary: fc.integer() });

const shapes: [string, string[]][] = [
  ['one', ['id']],
  ['two', ['a', 'b']],
  ['range', ['from', 'to']],
  ['file', ['name', 'ext']],
  ['tree', ['path']],
  ['items', ['page']],
];

const numRuns = 400;

describe('table/reverse (properties)', () => {
  for (const [name, params] of shapes) {
    it(`'${name}': every URL it returns matches its own route and decodes back to the values`, () => {
      // Refusing is allowed (an empty value, a lone surrogate, a dot-segment), but
      // most generated values reverse: a reversal that always throws must fail here.
      let reversed = 0;
      fc.assert(
        fc.property(fc.tuple(...params.map(() => value)), (values) => {
          const given = Object.fromEntries(params.map((param, i) => [param, values[i]]));
          let url: string;
          try {
            url = reversePath(table, name, given);
          } catch (error) {
            expect(error).to.be.instanceOf(NoReverseMatch);
            return;
          }
          reversed++;
          expect(url.startsWith('//') || url.startsWith('/\\'), url).to.equal(false);
          expect(new URL(url, 'http://h.test').pathname, 'no dot-segment rewriting').to.equal(url);
          const result = matcher.match('GET', url);
          expect(result.kind, url).to.equal('found');
          if (result.kind !== 'found') return;
          expect(result.candidates[0].route.fullName).to.equal(name);
          expect(result.candidates[0].params).to.deep.equal(Object.fromEntries(params.map((p, i) => [p, String(values[i])])));
        }),
        { numRuns },
      );
      expect(reversed, `${reversed} of ${numRuns} values reversed`).to.be.at.least(numRuns / 2);
    });
  }
});
