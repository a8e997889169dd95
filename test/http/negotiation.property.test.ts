import { expect } from 'chai';
import fc from 'fast-check';
import { createServer } from 'node:http';
import request from 'supertest';
import { Controller, createApp, Get, type Renderer } from '../../src';

/** The renderers a route may have, with the format `?format=` picks each by. */
const POOL: readonly (readonly [string, string])[] = [
  ['application/json', 'json'],
  ['text/csv', 'csv'],
  ['text/html', 'html'],
  ['text/plain', 'txt'],
  ['application/vnd.api+json', 'api'],
  ['application/xml', 'xml'],
  ['text/csv; header=present', 'csv'],
];
const RANGES = [...POOL.map(([type]) => type), '*/*', 'text/*', 'application/*', 'image/png', 'application/json; version=1', 'text/csv; header=absent', 'text/html; level=1'];

interface Parsed {
  main: string;
  sub: string;
  params: Map<string, string>;
}

/**
 * Django REST Framework's choice, written from its `DefaultContentNegotiation.select_renderer`,
 * `order_by_precedence` and `_MediaType` (rest_framework/negotiation.py, utils/mediatypes.py):
 * `?format=` filters the renderers (none left: 404); the Accept value (absent: `*\/*`) is split on
 * commas; pieces are grouped by precedence, most specific first; for each group, for each renderer
 * in the view's order, for each piece, the first renderer whose type matches wins; none: 406.
 * The generated headers have no quotes and no q=0, where waymark follows RFC 9110 instead of DRF.
 */
function drf(accept: string | undefined, renderers: readonly (readonly [string, string])[], format: string | undefined): number | 'not found' | 'not acceptable' {
  let offered = renderers.map((renderer, index) => ({ renderer, index }));
  if (format) {
    offered = offered.filter(({ renderer }) => renderer[1] === format);
    if (offered.length === 0) return 'not found';
  }
  const pieces = (accept ?? '*/*').split(',').map((piece) => piece.trim());
  const groups: Parsed[][] = [[], [], [], []];
  for (const piece of pieces) groups[3 - precedence(parse(piece))].push(parse(piece));
  for (const group of groups.filter((g) => g.length > 0)) {
    for (const { renderer, index } of offered) {
      for (const range of group) if (matches(parse(renderer[0]), range)) return index;
    }
  }
  return 'not acceptable';
}

function parse(text: string): Parsed {
  const [type, ...rest] = text.split(';');
  const full = type.trim().toLowerCase();
  const slash = full.indexOf('/');
  const params = new Map<string, string>();
  for (const piece of rest) {
    const at = piece.indexOf('=');
    if (at !== -1) params.set(piece.slice(0, at).trim().toLowerCase(), piece.slice(at + 1).trim());
  }
  return { main: slash === -1 ? full : full.slice(0, slash), sub: slash === -1 ? '' : full.slice(slash + 1), params };
}

function precedence({ main, sub, params }: Parsed): number {
  if (main === '*') return 0;
  if (sub === '*') return 1;
  if (params.size === 0 || (params.size === 1 && params.has('q'))) return 2;
  return 3;
}

function matches(self: Parsed, other: Parsed): boolean {
  for (const [key, value] of self.params) if (key !== 'q' && other.params.get(key) !== value) return false;
  if (self.sub !== '*' && other.sub !== '*' && other.sub !== self.sub) return false;
  return !(self.main !== '*' && other.main !== '*' && other.main !== self.main);
}

function appFor(chosen: readonly number[]) {
  const renderers: Renderer[] = chosen.map((index) => ({ mediaType: POOL[index][0], format: POOL[index][1], render: () => JSON.stringify(`renderer ${index}`) }));
  @Controller('/r')
  class Route {
    @Get('', { name: 'r', renderers }) handle() {
      return 'value';
    }
  }
  return createApp({ routes: [Route], formatOverride: 'format' }).callback();
}

// `*/*` weighs more, so that enough requests are answered to compare renderers (the floor).
const range = fc.tuple(fc.constantFrom(...RANGES, '*/*', '*/*', '*/*', '*/*'), fc.constantFrom('', '; q=0.5', '; q=1')).map(([type, q]) => type + q);

describe('http/negotiation (property): the renderer chosen is the one DRF chooses', () => {
  it('for random renderer sets, Accept headers and formats, status and renderer agree with DRF; at least half are 200', async () => {
    let runs = 0;
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: POOL.length - 1 }), { minLength: 1, maxLength: 4 }),
        fc.option(fc.array(range, { minLength: 1, maxLength: 4 }).map((ranges) => ranges.join(', ')), { freq: 8 }),
        fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: fc.constantFrom('json', 'csv', 'html', 'txt', 'xml', 'yaml'), weight: 1 }),
        async (chosen, accept, format) => {
          const expected = drf(accept ?? undefined, chosen.map((index) => POOL[index]), format ?? undefined);
          let call = request(appFor(chosen)).get(format === null ? '/r' : `/r?format=${format}`);
          if (accept !== null) call = call.set('Accept', accept);
          const res = await call;
          runs++;
          if (typeof expected === 'number') {
            answered++;
            expect([res.status, res.text], `${accept} over ${chosen.map((i) => POOL[i][0])} format ${format}`).to.deep.equal([200, JSON.stringify(`renderer ${chosen[expected]}`)]);
            expect(res.headers['content-type'].split(';')[0]).to.equal(POOL[chosen[expected]][0].split(';')[0]);
          } else {
            expect(res.status, `${accept} over ${chosen.map((i) => POOL[i][0])} format ${format}`).to.equal(expected === 'not found' ? 404 : 406);
          }
          expect((res.headers.vary ?? '').split(', ').includes('Accept'), 'Vary: Accept').to.equal(chosen.length > 1);
        },
      ),
      { numRuns: 300 },
    );
    expect(answered / runs, `${answered} of ${runs} answered 200`).to.be.at.least(0.5);
  });
});

describe('http/negotiation: hostile Accept headers', () => {
  @Controller('/h')
  class Hostile {
    @Get('', { name: 'h', renderers: [{ mediaType: 'text/csv', format: 'csv', render: () => 'csv' }, { mediaType: 'application/json', render: () => '{}' }] }) handle() {
      return 'value';
    }
  }
  // A raised maxHeaderSize, so the headers reach waymark instead of Node's 431.
  const app = createServer({ maxHeaderSize: 1 << 20 }, createApp({ routes: [Hostile], formatOverride: 'format' }).callback());

  it('thousands of ranges, unmatched or matching at the end, are answered 200 or 406, never 5xx', async () => {
    for (const accept of [
      Array.from({ length: 5000 }, (_, i) => `application/x-${i}`).join(', '),
      Array.from({ length: 5000 }, (_, i) => `application/x-${i}`).join(', ') + ', text/csv',
      Array.from({ length: 3000 }, () => 'text/csv; a=1; b=2; c=3').join(','),
      ','.repeat(7000),
      '"' + 'a,'.repeat(3000),
    ]) {
      const res = await request(app).get('/h').set('Accept', accept);
      expect([200, 406], accept.slice(0, 40)).to.include(res.status);
    }
  });
});
