import { expect } from 'chai';
import { mirroredApp, type Config } from './app';
import { classify, type Verdict } from './classify';
import type { Case } from './compare';
import { exceptions } from './exceptions';
import { generate } from './generate';
import { runDrf, runWaymark } from './sides';
import { record } from './tally';

/**
 * The differential test against the real DRF 3.14 on Django 3.2 (Debian's
 * python3-djangorestframework): seeded requests through both, compared on
 * status, version, every link, detail and Vary. A difference must be one of
 * the named exceptions in exceptions.ts; anything else fails.
 */
const SEED = Number(process.env.DRF_SEED ?? 20261124);
const CONFIGS = Number(process.env.DRF_CONFIGS ?? 60);
const PER_CONFIG = Number(process.env.DRF_PER_CONFIG ?? 80);

export const results: { one: Case; verdict: Verdict }[] = [];

/**
 * A URL-path scheme whose parameter no route carries (`versionParam: 'v'` on
 * routes under `/:version`): DRF answers every request with the default
 * version; waymark refuses the app when it is built (docs/reference/versioning.md),
 * so these configurations are not compared request by request.
 */
const refusedAtBuild = (config: Config) => config.scheme === 'path' && config.versionParam !== 'version';
const refused: Config[] = [];

describe('differential: waymark against DRF 3.14 / Django 3.2', function () {
  this.timeout(300_000);
  const groups = generate(SEED, CONFIGS, PER_CONFIG);

  before(async () => {
    const items = groups.flatMap(({ config, requests }) => requests.map((request) => ({ ...request, config })));
    const drf = await runDrf({ requests: items });
    let index = 0;
    for (const { config, requests } of groups) {
      if (refusedAtBuild(config)) {
        refused.push(config);
        index += requests.length;
        continue;
      }
      const answers = await runWaymark(config, requests);
      requests.forEach((request, i) => {
        const one: Case = { config, request, drf: drf.responses[index], variant: drf.variants[index], waymark: answers[i] };
        results.push({ one, verdict: classify(one) });
        index++;
      });
    }
  });

  for (const scheme of ['accept', 'path', 'namespace', 'host', 'query', null] as const) {
    it(`agrees under ${scheme ?? 'no versioning'}, up to documented exceptions`, () => {
      const mine = results.filter(({ one }) => one.config.scheme === scheme);
      const bad = mine.filter(({ verdict }) => verdict.kind === 'unexplained');
      const shown = bad.slice(0, 8).map(({ one, verdict }) => ({
        config: one.config,
        request: one.request,
        left: verdict.kind === 'unexplained' ? verdict.left : [],
      }));
      expect(shown, `${bad.length} of ${mine.length} unexplained`).to.deep.equal([]);
    });
  }

  it('refuses at build a URL-path scheme whose parameter no route carries, where DRF gives every request the default version', () => {
    expect(refused.length, 'generated configurations of that kind').to.be.at.least(1);
    for (const config of refused) expect(() => mirroredApp(config), JSON.stringify(config)).to.throw(/none of its \d+ route\(s\) has it/).with.property('code', 'IMPROPERLY_CONFIGURED');
  });

  it('reaches handlers: at least a third of the requests are 200 on both sides', () => {
    const both = results.filter(({ one }) => one.drf.status === 200 && one.waymark.status === 200).length;
    expect(both).to.be.at.least(results.length / 3);
  });

  it('every documented field or variant exception explains at least one request', () => {
    const used = new Set(results.flatMap(({ verdict }) => (verdict.kind === 'explained' ? verdict.by : [])));
    const unused = exceptions.filter((e) => e.kind !== 'backport' && !used.has(e.name)).map((e) => e.name);
    expect(unused).to.deep.equal([]);
  });

  after(() => record(`DRF differential (seed ${SEED})`, results, 'unexplained.jsonl'));
});
