import { expect } from 'chai';
import fc from 'fast-check';
import { Controller, createApp, Get, include, NoReverseMatch, type App, type RouteSource } from '../../src';
import { cases, entries, type Entry, type RouteCase } from './reverse-cases';
import { reversalExceptions } from './exceptions';
import { runDrf } from './sides';
import { tally } from './tally';

/** A controller class with one route per case, made the way decorators would make it. */
function controllerFor(routes: readonly RouteCase[]): Function {
  const Generated = class {};
  routes.forEach((route, index) => {
    const key = `route${index}`;
    Object.defineProperty(Generated.prototype, key, { value: () => undefined, writable: true, configurable: true });
    const requirements = Object.fromEntries(Object.entries(route.requirements ?? {}).map(([name, source]) => [name, new RegExp(source)]));
    Get(route.waymark, { name: route.name, requirements })(Generated.prototype, key, Object.getOwnPropertyDescriptor(Generated.prototype, key) as PropertyDescriptor);
  });
  Controller('')(Generated);
  return Generated;
}

function waymarkApp(list: readonly Entry[]): App {
  const routes: RouteSource[] = list.map((entry) =>
    'routes' in entry ? include(entry.waymark, [controllerFor(entry.routes)], { namespace: entry.namespace }) : controllerFor([entry]),
  );
  return createApp({ routes });
}

function djangoUrlconf(list: readonly Entry[]): unknown[] {
  return list.map((entry) =>
    'routes' in entry
      ? { regex: entry.django, namespace: entry.namespace, app: entry.namespace, include: entry.routes.map(({ name, django }) => ({ name, regex: django })) }
      : { name: entry.name, regex: entry.django },
  );
}

function waymarkReverse(app: App, name: string, params?: unknown): string | null {
  try {
    return app.url(name, params as never);
  } catch (error) {
    if (error instanceof NoReverseMatch) return null;
    throw error;
  }
}

/** Generated values for whole-segment, wildcard and text-adjacent parameters, compared with the real Django reverse(). */
const generatedEntries: Entry[] = [
  { name: 'item', django: '^items/(?P<id>[^/]+)/$', waymark: '/items/:id/' },
  { name: 'file', django: '^files/(?P<path>.+)$', waymark: '/files/*path' },
  { name: 'inc', django: '^inc(?P<outer>[^/]+)/extra/(?P<extra>[^/]+)/$', waymark: '/inc:outer/extra/:extra/' },
];
const unit = fc.constantFrom(...'aZ9-._~ !$&\'()*+,;=:@%/?#[]{}|\\^`"<>é☃'.split(''));
const value = fc.oneof(fc.string({ unit, minLength: 1, maxLength: 8 }), fc.constantFrom('.', '..', 'a/b', '/x', 'x/', 'cat', '%63at', 'a~b'));

describe('differential: waymark reversal against Django 3.2 reverse()', function () {
  this.timeout(120_000);
  const items = cases.map(({ name, args, kwargs }) => ({ name, args, kwargs }));
  const app = waymarkApp(entries);
  let django: ({ url: string } | { error: string })[] = [];
  const generated = fc.sample(fc.tuple(fc.constantFrom('item', 'file', 'inc'), value, value), { seed: 424242, numRuns: 1500 });
  let generatedDjango: ({ url: string } | { error: string })[] = [];
  const queries = fc.sample(fc.dictionary(fc.string({ unit, maxLength: 4 }), fc.string({ unit, maxLength: 6 }), { maxKeys: 3 }), { seed: 777, numRuns: 500 });
  let queryDjango: ({ url: string } | { error: string })[] = [];
  const counts = { agree: 0, explained: 0, unexplained: 0 };

  before(async () => {
    django = (await runDrf({ urlconf: djangoUrlconf(entries), reversals: items })).reversals;
    const reversals = generated.map(([name, a, b]) => ({ name, kwargs: name === 'inc' ? { outer: a, extra: b } : name === 'item' ? { id: a } : { path: a } }));
    generatedDjango = (await runDrf({ urlconf: djangoUrlconf(generatedEntries), reversals })).reversals;
    queryDjango = (await runDrf({ reversals: queries.map((query) => ({ query })) })).reversals;
  });

  it("the ported expectations are what the real Django 3.2 answers", () => {
    const wrong = cases.filter((c, i) => {
      const got = django[i];
      return 'url' in got ? got.url !== c.expected : c.expected !== null;
    });
    expect(wrong.map((c) => ({ ...c, django: django[cases.indexOf(c)] }))).to.deep.equal([]);
  });

  it("waymark's app.url() gives Django's answer on every ported case, or the documented exception's", () => {
    const wrong: unknown[] = [];
    for (const c of cases) {
      const got = waymarkReverse(app, c.name, c.kwargs ?? c.args);
      const expected = c.waymark ? c.waymark.expected : c.expected;
      if (got !== expected) wrong.push({ ...c, got });
      else if (c.waymark) counts.explained++;
      else counts.agree++;
      if (c.waymark) expect(reversalExceptions.map((e) => e.name)).to.include(c.waymark.exception);
    }
    counts.unexplained += wrong.length;
    expect(wrong).to.deep.equal([]);
  });

  it('agrees with Django reverse() on generated values, up to documented exceptions', () => {
    const generatedApp = waymarkApp(generatedEntries);
    const wrong: unknown[] = [];
    let reached = 0;
    generated.forEach(([name, a, b], i) => {
      const params: Record<string, string> = name === 'inc' ? { outer: a, extra: b } : name === 'item' ? { id: a } : { path: a };
      const got = waymarkReverse(generatedApp, name, params);
      const answer = generatedDjango[i];
      const expected = 'url' in answer ? answer.url : null;
      if (got !== null) reached++;
      if (got === expected) return void counts.agree++;
      const exception = reversalExceptions.find((e) => e.explains(params, expected, got));
      if (exception) return void counts.explained++;
      counts.unexplained++;
      wrong.push({ name, params, django: expected, waymark: got });
    });
    expect(wrong.slice(0, 10), `${wrong.length} unexplained`).to.deep.equal([]);
    expect(reached).to.be.at.least(generated.length / 2);
  });

  it("encodes a query exactly as Django's urlencode (quote_plus): unreserved bare, '*' as %2A", () => {
    const wrong: unknown[] = [];
    queries.forEach((query, i) => {
      const answer = queryDjango[i];
      const got = app.url('hardcoded', undefined, { query }).split('?')[1] ?? '';
      if ('url' in answer && answer.url === got) counts.agree++;
      else {
        counts.unexplained++;
        wrong.push({ query, django: answer, waymark: got });
      }
    });
    expect(wrong.slice(0, 10), `${wrong.length} unexplained`).to.deep.equal([]);
  });

  after(() => {
    tally.lines.push(
      `Django reversal differential: ${cases.length} ported cases, ${generated.length} generated values, ${queries.length} queries: ` +
        `${counts.agree} identical, ${counts.explained} by documented exceptions, ${counts.unexplained} unexplained`,
    );
    tally.agree += counts.agree + counts.explained;
    tally.unexplained += counts.unexplained;
  });
});
