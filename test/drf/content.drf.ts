import { expect } from 'chai';
import { classify, type Verdict } from './classify';
import type { Case } from './compare';
import { contentApp } from './content-app';
import { contentMismatches } from './content-compare';
import { contentExceptions } from './content-exceptions';
import { ECHO_PATHS, generateContent, RENDER_PATHS } from './content-generate';
import { runDrf, runWaymark } from './sides';
import { record } from './tally';

/**
 * The differential test of renderers and parsers against the real DRF 3.14:
 * views with their own renderer_classes and parser_classes and `?format=`
 * (content_views.py) against the same routes in waymark (content-app.ts),
 * compared on status, chosen media type, body, the link to the route, Vary,
 * and what an echo view parsed (fields, files). A difference must be one of
 * the named exceptions in content-exceptions.ts; anything else fails.
 */
const SEED = Number(process.env.DRF_SEED ?? 20261126);
const CONFIGS = Number(process.env.DRF_CONTENT_CONFIGS ?? 16);
const PER_CONFIG = Number(process.env.DRF_CONTENT_PER_CONFIG ?? 150);

const rules = { compare: contentMismatches, exceptions: contentExceptions };
export const results: { one: Case; verdict: Verdict }[] = [];

const route = (one: Case) => one.request.path.split('?')[0].replace(/\/$/, '');
const renders = ({ one }: { one: Case }) => one.request.method === 'GET' && RENDER_PATHS.includes(route(one));
const echoes = ({ one }: { one: Case }) => one.request.method === 'POST' && ECHO_PATHS.includes(route(one));
const both = (status: number) => ({ one }: { one: Case }) => one.drf.status === status && one.waymark.status === status;

describe('differential: renderers and parsers against DRF 3.14', function () {
  this.timeout(300_000);
  const groups = generateContent(SEED, CONFIGS, PER_CONFIG);

  before(async () => {
    const items = groups.flatMap(({ config, requests }) => requests.map((request) => ({ ...request, config })));
    const drf = await runDrf({ requests: items });
    let index = 0;
    for (const { config, requests } of groups) {
      const answers = await runWaymark(config, requests, contentApp);
      requests.forEach((request, i) => {
        const one: Case = { config, request, drf: drf.responses[index], variant: drf.variants[index], waymark: answers[i] };
        results.push({ one, verdict: classify(one, rules) });
        index++;
      });
    }
  });

  const agrees = (label: string, which: (result: { one: Case }) => boolean) =>
    it(`agrees ${label}, up to documented exceptions`, () => {
      const mine = results.filter(which);
      const bad = mine.filter(({ verdict }) => verdict.kind === 'unexplained');
      const shown = bad.slice(0, 6).map(({ one, verdict }) => ({
        config: one.config,
        request: { ...one.request, body: Buffer.from(one.request.body ?? '', 'base64').toString('latin1').slice(0, 400) },
        left: verdict.kind === 'unexplained' ? verdict.left : [],
      }));
      expect(shown, `${bad.length} of ${mine.length} unexplained`).to.deep.equal([]);
    });

  agrees('on the renderer a GET gets (Accept, ?format=)', renders);
  agrees('on what a POST body parses to (JSON, form, multipart)', echoes);
  agrees('on a method the route does not have', (result) => !renders(result) && !echoes(result));

  it('reaches handlers: at least 40% of the GETs and 30% of the POSTs are 200 on both sides', () => {
    expect(results.filter(renders).filter(both(200)).length).to.be.at.least(results.filter(renders).length * 0.4);
    expect(results.filter(echoes).filter(both(200)).length).to.be.at.least(results.filter(echoes).length * 0.3);
  });

  it('reaches every outcome: each renderer chosen, files delivered, and 404, 406, 415, 400 on both sides', () => {
    const chosen = new Set(results.filter(both(200)).map(({ one }) => one.waymark.type.split(';')[0]));
    expect([...chosen].sort()).to.include.members(['application/json', 'text/csv', 'text/html', 'text/plain']);
    const uploads = results.filter(both(200)).filter(({ one }) => Object.keys((one.waymark.body as { files?: object } | null)?.files ?? {}).length > 0);
    expect(uploads.length, 'requests whose files reached the view on both sides').to.be.at.least(20);
    for (const status of [404, 406, 415, 400]) expect(results.filter(both(status)).length, `${status} on both sides`).to.be.at.least(5);
  });

  it('every documented exception explains at least one request', () => {
    const used = new Set(results.flatMap(({ verdict }) => (verdict.kind === 'explained' ? verdict.by : [])));
    const unused = contentExceptions.filter((e) => e.kind === 'field' && !used.has(e.name)).map((e) => e.name);
    expect(unused).to.deep.equal([]);
  });

  after(() => record(`Renderer and parser differential (seed ${SEED})`, results, 'content-unexplained.jsonl'));
});
