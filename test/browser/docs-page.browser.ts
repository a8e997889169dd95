import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createSampleApp } from '../../examples/app';
import { runtimeOf } from '../../src/runtime';
import { schemeVersions } from '../../src/docs-page/versions';

/**
 * The sample app's docs page in a real browser (Debian's chromium, driven by
 * playwright-core; `.ci/suites/browser.sh` installs it): under every scheme the
 * page loads from the running app, its version switcher lists each version,
 * and switching shows exactly that version's operations. Screenshots go to
 * .tmp/screenshots (not in git).
 */
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SHOTS = join(__dirname, '..', '..', '.tmp', 'screenshots');
const SCHEMES = [undefined, 'accept-header', 'url-path', 'namespace', 'host-name', 'query-parameter'];

/** `operationId` → path of each operation the page shows, once the title shows `version`. */
async function shownOperations(page: Page, version: string | null): Promise<Map<string, string>> {
  if (version !== null) await page.locator('.info .title .version', { hasText: new RegExp(`^\\s*${version}\\s*$`) }).first().waitFor();
  await page.locator('.opblock').first().waitFor();
  const blocks = await page.locator('.opblock-summary').evaluateAll((nodes) =>
    nodes.map((node) => [node.querySelector('.opblock-summary-operation-id')?.textContent ?? '', node.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '']),
  );
  return new Map(blocks as [string, string][]);
}

describe('browser: the docs page', function () {
  this.timeout(120_000);
  let profile: string;
  let browser: BrowserContext;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    profile = mkdtempSync(join(tmpdir(), 'waymark-chromium-'));
    browser = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS });
  });

  after(async () => {
    await browser?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  for (const versioning of SCHEMES) {
    it(`switches between versions and shows each version's operations (${versioning ?? 'no versioning'})`, async () => {
      const app = createSampleApp(versioning, '3000');
      const server: Server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const base = `http://localhost:${(server.address() as AddressInfo).port}`;
      const page = await browser.newPage();
      const requested: string[] = [];
      page.on('request', (sent) => requested.push(sent.url()));
      try {
        await page.goto(`${base}/docs`);
        const versions = schemeVersions(runtimeOf(app).versioning);
        const options = await page.locator('#select option').allTextContents();
        expect(options).to.deep.equal(versions.length > 0 ? versions : ['API']);
        for (const version of versions.length > 0 ? versions : [null]) {
          if (version !== null) await page.locator('#select').selectOption(version);
          const shown = await shownOperations(page, version);
          const document = app.openapi({ version: version ?? undefined });
          const expected = new Map(Object.entries(document.paths).flatMap(([path, item]) => Object.values(item).map((op): [string, string] => [op.operationId, path])));
          expect(shown, `version ${version}`).to.deep.equal(expected);
          expect(shown.has('users-search') || shown.has('v2:users-search'), `version ${version}`).to.equal(version === 'v2');
          await page.screenshot({ path: join(SHOTS, `docs-${versioning ?? 'unversioned'}-${version ?? 'api'}.png`), fullPage: true });
        }
        // Everything the page loaded came from the app itself: no CDN, no online validator.
        expect(requested.filter((url) => !url.startsWith(`${base}/`))).to.deep.equal([]);
      } finally {
        await page.close();
        server.close();
      }
    });
  }
});
