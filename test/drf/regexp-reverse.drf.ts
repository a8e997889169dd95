import { expect } from 'chai';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, createApp, Get, NoReverseMatch, type App } from '../../src';
import { regexpCase, regexpReversalExceptions, type RegExpCase } from './regexp-cases';
import { runDrf } from './sides';
import { tally } from './tally';

/**
 * One controller with a RegExp route per case, named `r<i>`, made the way decorators would make it;
 * the build's WMWRN005 warnings (one per route that does not reverse) are counted, not printed.
 */
function appOf(list: readonly RegExpCase[], warned: string[] = []): App {
  const Generated = class {};
  list.forEach((one, index) => {
    const key = `route${index}`;
    Object.defineProperty(Generated.prototype, key, { value: () => undefined, writable: true, configurable: true });
    Get(new RegExp(one.js), `r${index}`)(Generated.prototype, key, Object.getOwnPropertyDescriptor(Generated.prototype, key) as PropertyDescriptor);
  });
  Controller('')(Generated);
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, options?: { code?: string }) => {
    if (typeof options === 'object' && options.code === 'WMWRN005') warned.push(String(warning));
    else emit.call(process, warning, options as never);
  }) as typeof process.emitWarning;
  try {
    return createApp({ routes: [Generated] });
  } finally {
    process.emitWarning = emit;
  }
}

function reverse(app: App, name: string, params: Record<string, string>): string | null {
  try {
    return app.url(name, params as never);
  } catch (error) {
    if (error instanceof NoReverseMatch) return null;
    throw error;
  }
}

describe("differential: RegExp reversal against Django 3.2's re_path + reverse() (docs/regexp-paths.md#against-django)", function () {
  this.timeout(120_000);
  const cases = fc.sample(regexpCase, { seed: 363636, numRuns: 400 });
  const reversals = cases.flatMap((one, index) => one.params.map((params) => ({ index, params })));
  let django: ({ url: string } | { error: string })[] = [];
  const counts = { agree: 0, explained: 0, unexplained: 0, bothUrl: 0, reversibleUrl: 0 };
  const by = new Map<string, number>();

  before(async () => {
    const urlconf = cases.map((one, index) => ({ name: `r${index}`, regex: one.py }));
    django = (await runDrf({ urlconf, reversals: reversals.map(({ index, params }) => ({ name: `r${index}`, kwargs: params })) })).reversals;
  });

  it('waymark tells reversible expressions (literals and named groups) from the rest as the generator built them', () => {
    const warned: string[] = [];
    const routes = appOf(cases, warned).routes;
    const wrong = cases.filter((one, i) => (routes[i].regexp?.irreversible == null) !== one.reversible).map((one) => one.js);
    expect(wrong).to.deep.equal([]);
    // Each route that does not reverse is left out of the documents, with a warning when the app is built.
    expect(warned).to.have.length(cases.filter((one) => !one.reversible).length);
    expect(cases.filter((one) => one.reversible).length).to.be.at.least(cases.length / 2);
  });

  it("gives Django's answer (NoReverseMatch or the same URL) on generated expressions and values, up to documented exceptions", () => {
    const app = appOf(cases);
    const wrong: unknown[] = [];
    reversals.forEach(({ index, params }, i) => {
      const one = cases[index];
      const answer = django[i];
      const expected = 'url' in answer ? answer.url : null;
      const got = reverse(app, `r${index}`, params);
      if (!one.reversible) expect(got, `${one.js} never reverses`).to.equal(null);
      if (got !== null && one.reversible) counts.reversibleUrl++;
      if (got === expected) {
        counts.agree++;
        if (got !== null) counts.bothUrl++;
        return;
      }
      const exception = regexpReversalExceptions.find((e) => e.explains(one, params, expected, got));
      if (exception === undefined) {
        counts.unexplained++;
        wrong.push({ js: one.js, py: one.py, params, django: expected, waymark: got });
        return;
      }
      counts.explained++;
      by.set(exception.name, (by.get(exception.name) ?? 0) + 1);
    });
    expect(wrong.slice(0, 40), `${wrong.length} unexplained`).to.deep.equal([]);
    // A floor of reversible cases, so a reversal that refused everything could not pass: the same URL on both sides.
    expect(counts.bothUrl, 'identical URLs').to.be.at.least(reversals.length / 4);
    expect(counts.reversibleUrl, 'URLs from waymark').to.be.at.least(reversals.length / 4);
    // Every documented difference is seen: one that explains nothing is stale.
    expect(regexpReversalExceptions.map((e) => e.name).filter((name) => !by.has(name))).to.deep.equal([]);
  });

  it('each documented exception is listed, by name, in docs/regexp-paths.md', () => {
    const page = readFileSync(join(__dirname, '..', '..', 'docs', 'regexp-paths.md'), 'utf8');
    expect(regexpReversalExceptions.map((e) => e.name).filter((name) => !page.includes(`\`${name}\``))).to.deep.equal([]);
  });

  after(() => {
    tally.lines.push(
      `Django RegExp reversal differential: ${cases.length} generated expressions, ${reversals.length} reversals: ` +
        `${counts.agree} identical (${counts.bothUrl} the same URL), ${counts.explained} by documented exceptions, ${counts.unexplained} unexplained`,
      ...[...by].sort((a, b) => b[1] - a[1]).map(([name, n]) => `  ${name}: ${n}`),
    );
    tally.agree += counts.agree + counts.explained;
    tally.unexplained += counts.unexplained;
  });
});
