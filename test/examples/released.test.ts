import { expect } from 'chai';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientVersions, exchanges, SCHEMES, type Exchange } from './recorded';

const fixture = join(__dirname, 'fixtures', 'released-responses.json');

/** The versions whose answers were recorded; a version added later is not held to them. */
const RELEASED = ['v1', 'v2'];

/**
 * Clients of the released versions get exactly what they got before the sample was
 * rewritten on a version history: the answers were recorded from the two-controller app
 * (`RECORD_RELEASED=1` rewrites the file; only do that on purpose), and every request of v1,
 * v2 or of no version (the default, v1) must still get the same status, headers and body.
 */
describe('examples: released versions answer as they did before the history', () => {
  const recorded = JSON.parse(readFileSync(fixture, 'utf8')) as Record<string, Exchange[]>;
  const now: Record<string, Exchange[]> = {};
  after(() => {
    if (process.env.RECORD_RELEASED === '1') writeFileSync(fixture, `${JSON.stringify(now, null, 2)}\n`);
  });

  for (const scheme of SCHEMES) {
    for (const version of clientVersions(scheme, RELEASED)) {
      const key = `${scheme} ${version ?? '(default)'}`;
      it(key, async () => {
        now[key] = await exchanges(scheme, version);
        if (process.env.RECORD_RELEASED === '1') return;
        expect(recorded[key], `nothing recorded for ${key}`).to.be.an('array');
        expect(now[key]).to.deep.equal(recorded[key]);
      });
    }
  }

  it('recorded every scheme and version, each answer with a body', function () {
    if (process.env.RECORD_RELEASED === '1') this.skip();
    const keys = Object.keys(recorded);
    expect(keys).to.have.length(1 + 3 + 2 + 2 + 3 + 3);
    for (const key of keys) expect(recorded[key].filter((exchange) => exchange.body !== undefined && exchange.status < 500), key).to.have.length(9);
  });
});
