import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import { Controller, createApp, Ctx, Get, type RouteSource, type VersioningOptions, type VersioningScheme } from '../../src';

/** The controller every scheme is checked with: it reports the version and reverses a link. */
@Controller('/things')
export class Things {
  @Get('', 'things')
  list(@Ctx() ctx: Context) {
    return { version: ctx.version, link: ctx.reverse('thing', { id: 7 }), scheme: ctx.versioningScheme?.constructor.name ?? null };
  }

  @Get('/:id', 'thing')
  one() {}
}

export interface SchemeCase {
  scheme: (options: VersioningOptions) => VersioningScheme;
  routes: RouteSource[];
  /** A request carrying `version`, or none when `null`. */
  send: (agent: request.Agent, version: string | null) => request.Test;
  status: number;
  message: string;
  vary: string[];
  /** What `ctx.reverse('thing', { id: 7 })` returns in a request for `version`. */
  link: (version: string) => string;
  /**
   * What a request without a version gets when the default is null and null is not allowed:
   * refused, or (namespace and host-name schemes, as in DRF) the default, unchecked.
   */
  missingVersion: 'refused' | 'default unchecked';
}

function agentFor(caseOf: SchemeCase, options: VersioningOptions | null): request.Agent {
  const app = createApp({ routes: caseOf.routes, versioning: options === null ? undefined : caseOf.scheme(options) });
  return request.agent(app.callback()).host('api.test');
}

/**
 * One suite, every scheme (style.md §7): determine, reverse, invalid, allowed and default
 * versions. Where DRF's schemes differ (a missing version), the case says how, and the
 * suite asserts that behaviour instead of skipping.
 */
export function conformance(name: string, caseOf: SchemeCase): void {

  describe(`${name} (conformance)`, () => {
    it('determines an allowed version and sends its Vary', async () => {
      const res = await caseOf.send(agentFor(caseOf, { allowedVersions: ['v1', 'v2'] }), 'v2').expect(200);
      expect(res.body.version).to.equal('v2');
      expect(res.body.scheme).to.equal(name);
      for (const header of caseOf.vary) expect(res.headers.vary).to.contain(header);
      if (caseOf.vary.length === 0) expect(res.headers).to.not.have.property('vary');
    });

    it('uses the default version when the request has none', async () => {
      const res = await caseOf.send(agentFor(caseOf, { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] }), null).expect(200);
      expect(res.body.version).to.equal('v1');
    });

    it('always allows the default version, listed or not', async () => {
      const agent = agentFor(caseOf, { defaultVersion: 'v1', allowedVersions: ['v2'] });
      expect((await caseOf.send(agent, null).expect(200)).body.version).to.equal('v1');
      expect((await caseOf.send(agent, 'v1').expect(200)).body.version).to.equal('v1');
    });

    it('refuses a version outside allowedVersions with the scheme status, detail and Vary', async () => {
      const res = await caseOf.send(agentFor(caseOf, { allowedVersions: ['v1', 'v2'] }), 'v9');
      expect(res.status).to.equal(caseOf.status);
      expect(res.headers['content-type']).to.equal('application/problem+json');
      expect(res.body.detail).to.equal(caseOf.message);
      for (const header of [...caseOf.vary, 'Accept-Language']) expect(res.headers.vary).to.contain(header);
    });

    it(`a missing version with a null default that is not allowed: ${caseOf.missingVersion}`, async () => {
      const res = await caseOf.send(agentFor(caseOf, { allowedVersions: ['v1'] }), null);
      if (caseOf.missingVersion === 'refused') expect([res.status, res.body.detail]).to.deep.equal([caseOf.status, caseOf.message]);
      else expect([res.status, res.body.version]).to.deep.equal([200, null]);
    });

    it('accepts any version when allowedVersions is empty', async () => {
      expect((await caseOf.send(agentFor(caseOf, { allowedVersions: [] }), 'v9').expect(200)).body.version).to.equal('v9');
    });

    it('reverses links for the request version', async () => {
      const res = await caseOf.send(agentFor(caseOf, { allowedVersions: ['v1', 'v2'] }), 'v2').expect(200);
      expect(res.body.link).to.equal(caseOf.link('v2'));
    });

    it('translates the invalid-version detail from Accept-Language', async () => {
      const res = await caseOf.send(agentFor(caseOf, { allowedVersions: ['v1'] }), 'v9').set('Accept-Language', 'fr-CA, en;q=0.5');
      expect(res.status).to.equal(caseOf.status);
      expect(res.body.detail).to.match(/^Version non valide/);
      expect(res.headers.vary).to.contain('Accept-Language');
    });

    it('leaves version and scheme null when versioning is off', async () => {
      const res = await caseOf.send(agentFor(caseOf, null), null).expect(200);
      expect(res.body).to.include({ version: null, scheme: null });
    });
  });
}
