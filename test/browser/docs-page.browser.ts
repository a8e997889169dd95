import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createSampleApp } from '../../examples/app';
import type { App } from '../../src';
import { runtimeOf } from '../../src/runtime';
import { schemeVersions } from '../../src/docs-page/versions';
import { appWith, SCHEMES, TOKEN } from '../docs-page/apps';

/**
 * The docs page of `docsRoutes()` in a real browser (Debian's chromium,
 * driven by playwright-core; `.ci/suites/browser.sh` installs it), under no
 * versioning and each of the five schemes: the version switcher lists each
 * version and switching shows exactly that version's operations; a page
 * answered to a request with `Host: evil.test` loads nothing from evil.test;
 * "Authorize" makes "Try it out" reach a guarded route. Screenshots go to
 * .tmp/screenshots (not in git).
 */
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SHOTS = join(__dirname, '..', '..', '.tmp', 'screenshots');
const SAMPLE_SCHEMES = [undefined, 'accept-header', 'url-path', 'namespace', 'host-name', 'query-parameter'];

/** `operationId` → path of each operation the page shows, once the title shows `version`. */
async function shownOperations(page: Page, version: string | null): Promise<Map<string, string>> {
  if (version !== null) await page.locator('.info .title .version', { hasText: new RegExp(`^\\s*${version}\\s*$`) }).first().waitFor();
  await page.locator('.opblock').first().waitFor();
  const blocks = await page.locator('.opblock-summary').evaluateAll((nodes) =>
    nodes.map((node) => [node.querySelector('.opblock-summary-operation-id')?.textContent ?? '', node.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '']),
  );
  return new Map(blocks as [string, string][]);
}

/** A server on a free port whose app may depend on that port (the host-name scheme's `origin`). */
async function serve(make: (port: number) => App): Promise<{ server: Server; port: number; app: App }> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const app = make(port);
  server.on('request', app.callback());
  return { server, port, app };
}

/** Console errors and uncaught exceptions of a page: a Content-Security-Policy refusal shows up here. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

/** The answer of the app to `GET path` with a forged `Host`, as a cache between it and the browser could keep it. */
function fetchWithHost(port: number, path: string, host: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, headers: { Host: host, Accept: 'text/html,*/*;q=0.8' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers as Record<string, string>, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** Expands the operation at a path ending in `/secret`, runs "Try it out" and returns the status the page shows. */
async function trySecret(page: Page): Promise<string> {
  const block = page.locator('.opblock', { has: page.locator('.opblock-summary-path[data-path$="/secret"]') }).first();
  if (!(await block.locator('.opblock-body').isVisible())) await block.locator('.opblock-summary').click();
  const tryOut = block.locator('.try-out__btn');
  if ((await tryOut.textContent())?.trim() === 'Try it out') await tryOut.click();
  // The query-parameter scheme's version is a required enum: pick its value.
  for (const select of await block.locator('.parameters select').all()) {
    const values = await select.locator('option').evaluateAll((options) => options.map((option) => (option as unknown as { value: string }).value).filter((value) => value !== ''));
    await select.selectOption(values[0]);
  }
  await block.locator('.execute').click();
  const status = block.locator('.live-responses-table .response .response-col_status').first();
  await status.waitFor();
  const text = (await status.textContent())?.trim() ?? '';
  await block.locator('.btn-clear').click();
  return text.slice(0, 3);
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

  for (const versioning of SAMPLE_SCHEMES) {
    it(`switches between versions and shows each version's operations (sample app, ${versioning ?? 'no versioning'})`, async () => {
      // The app's origin is where it is served: its documents' servers (where "Try it out" sends) are on it.
      const { server, port, app } = await serve((port) => createSampleApp(versioning, String(port)));
      const base = `http://${versioning === 'host-name' ? 'api.localhost' : 'localhost'}:${port}`;
      const page = await browser.newPage();
      const problems = problemsOf(page);
      const requested: string[] = [];
      page.on('request', (sent) => requested.push(sent.url()));
      try {
        await page.goto(`${base}/docs`);
        const versions = schemeVersions(runtimeOf(app).versioning);
        const options = await page.locator('#select option').allTextContents();
        expect(options).to.deep.equal(versions.length > 0 ? versions : ['waymark sample users API']);
        for (const version of versions.length > 0 ? versions : [null]) {
          if (version !== null) await page.locator('#select').selectOption(version);
          const shown = await shownOperations(page, version);
          const document = app.openapi({ version: version ?? undefined });
          // The page shows the document's webhooks too, each under its name.
          const webhooks = Object.entries((document.webhooks ?? {}) as Record<string, Record<string, { operationId: string }>>).flatMap(([name, item]) => Object.values(item).map((op): [string, string] => [op.operationId, name]));
          const expected = new Map([...Object.entries(document.paths).flatMap(([path, item]) => Object.values(item).map((op): [string, string] => [op.operationId, path])), ...webhooks]);
          expect([...shown], `version ${version}`).to.deep.equal([...expected]);
          expect([...shown.keys()].some((id) => /^(v\d+)?[uU]sersSearch$/.test(id)), `version ${version}`).to.equal(version === 'v2' || version === 'v3');
          await page.screenshot({ path: join(SHOTS, `docs-${versioning ?? 'unversioned'}-${version ?? 'api'}.png`), fullPage: true });
        }
        // Everything the page loaded came from the app itself: no CDN, no online validator.
        expect(requested.filter((url) => !url.startsWith(`${base}/`))).to.deep.equal([]);
        // Nothing refused by the page's Content-Security-Policy, no script error.
        expect(problems).to.deep.equal([]);
      } finally {
        await page.close();
        server.close();
      }
    });
  }

  for (const scheme of SCHEMES) {
    it(`a page answered to Host: evil.test loads nothing from evil.test (${scheme})`, async () => {
      const { server, port } = await serve(() => appWith(scheme, {}, { origin: 'http://api.example.com' }));
      const base = `http://127.0.0.1:${port}`;
      const page = await browser.newPage();
      const requested: string[] = [];
      page.on('request', (sent) => requested.push(sent.url()));
      try {
        // The browser asks for /docs; what it gets is the answer to a request with a forged Host.
        const poisoned = await fetchWithHost(port, '/docs', 'evil.test');
        expect(poisoned.status).to.equal(200);
        await page.route(`${base}/docs`, (route) => route.fulfill({ status: poisoned.status, headers: poisoned.headers, body: poisoned.body }));
        await page.goto(`${base}/docs`);
        await page.locator('.opblock').first().waitFor();
        expect(requested.filter((url) => new URL(url).host !== `127.0.0.1:${port}`)).to.deep.equal([]);
        expect(requested.length).to.be.at.least(6); // page, CSS, three scripts, a document
      } finally {
        await page.close();
        server.close();
      }
    });
  }

  for (const scheme of SCHEMES) {
    it(`"Authorize" makes "Try it out" reach a guarded route, and survives a reload (${scheme})`, async () => {
      // Host names: the page is served from v1's own host, so "Try it out" stays on the page's origin (the app sends no CORS headers).
      // The origin is the page's own, so "Try it out" (sent to the documents' servers) stays on the page's origin.
      // The guard is described ({ middleware, responses, security }): the documents carry its security, and the page's Authorize fills it.
      const { server, port } = await serve((port) => appWith(scheme, {}, { origin: `http://${scheme === 'host-name' ? 'api.' : ''}localhost:${port}` }));
      const base = scheme === 'host-name' ? `http://v1.api.localhost:${port}` : `http://localhost:${port}`;
      const page = await browser.newPage();
      const problems = problemsOf(page);
      try {
        await page.goto(`${base}/docs`);
        await page.locator('.opblock').first().waitFor();
        expect(await trySecret(page), 'before Authorize').to.equal('401');
        await page.locator('.auth-wrapper .authorize').click();
        await page.locator('.modal-ux input[type="text"], .modal-ux input[type="password"]').first().fill(TOKEN);
        await page.locator('.modal-ux .auth-btn-wrapper button[type="submit"]').click();
        await page.locator('.modal-ux .btn-done').click();
        expect(await trySecret(page), 'after Authorize').to.equal('200');
        if (scheme === 'url-path') await page.screenshot({ path: join(SHOTS, 'docs-authorized.png'), fullPage: true });
        await page.reload();
        await page.locator('.opblock').first().waitFor();
        expect(await trySecret(page), 'after a reload (persistAuthorization)').to.equal('200');
        expect(problems.filter((text) => !/401 \(Unauthorized\)/.test(text))).to.deep.equal([]);
      } finally {
        await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear()).catch(() => {});
        await page.close();
        server.close();
      }
    });
  }
});
