import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, HostNameVersioning, ImproperlyConfigured, Param, Query } from '../../src';
import { runtimeOf } from '../../src/runtime';

/**
 * Patterns that make a backtracking engine take time exponential (or
 * polynomial) in the input, each with a value that triggers it. On V8's
 * engine the first takes 2^n steps for n `a`s: at 27 it blocks for seconds,
 * at 256 (the parameter limit) for longer than the universe has existed.
 */
const CATASTROPHIC: readonly [pattern: string, attack: string][] = [
  ['(a+)+', `${'a'.repeat(256)}!`],
  ['(a*)*', `${'a'.repeat(256)}!`],
  ['(a|a)*', `${'a'.repeat(256)}!`],
  ['(a|aa)+', `${'a'.repeat(256)}!`],
  ['(\\d+\\.?)+', `${'1'.repeat(256)}x`],
  ['([a-z]+)*[0-9]', 'a'.repeat(256)],
  ['(.*a){12}', `${'a'.repeat(11)}${'b'.repeat(245)}`],
  ['(\\w+\\s?)+$', `${'w'.repeat(256)}!`],
  ['\\s*,\\s*x', `${' '.repeat(255)},`],
];
/** Long enough to block V8's backtracking engine for seconds (2^27 steps), short enough that the old code's failure ends. */
const ATTACK = `${'a'.repeat(27)}!`;

describe('reliability: catastrophic backtracking (catastrophic_regexp)', function () {
  // A backtracking engine blocks the event loop; mocha then reports the overrun as a failure.
  this.timeout(3_000);

  it('a route requirement such as /(a+)+/ answers a crafted value at once (404)', async () => {
    @Controller('/r')
    class R {
      @Get('/:id', { name: 'r', requirements: { id: /(a+)+/ } }) r(@Param('id') id: string) {
        return { id };
      }
    }
    const app = createApp({ routes: [R] });
    await request(app.callback()).get(`/r/${ATTACK}`).expect(404);
    await request(app.callback()).get('/r/aaa').expect(200, { id: 'aaa' });
  });

  it('a schema pattern such as ^(a+)+$ answers a crafted query value at once (400)', async () => {
    @Controller('/q')
    class Q {
      @Get('', 'q') q(@Query('name', { schema: { type: 'string', pattern: '^(a+)+$' } }) name: string) {
        return { name };
      }
      @Get('/map', 'map') map(@Query('m', { schema: { type: 'object', patternProperties: { '^(a+)+$': { type: 'string' } }, additionalProperties: false } }) m: object) {
        return m;
      }
    }
    const app = createApp({ routes: [Q] });
    await request(app.callback()).get(`/q?name=${ATTACK}`).expect(400);
    await request(app.callback()).get('/q?name=aaa').expect(200, { name: 'aaa' });
  });

  it('a hostnameRegex such as ^((a+)+)\\.example\\.com$ answers a crafted Host at once (400/404, never a stall)', async () => {
    @Controller('/h')
    class H {
      @Get('', 'h') h() {
        return 'ok';
      }
    }
    const versioning = new HostNameVersioning({ hostnameRegex: /^((?:a+)+)\.example\.com$/, allowedVersions: ['aaa'], defaultVersion: 'aaa' });
    const app = createApp({ routes: [H], versioning });
    const response = await request(app.callback()).get('/h').set('Host', `${ATTACK.slice(0, -1)}-.example.com`);
    expect(response.status).to.be.within(200, 499);
    await request(app.callback()).get('/h').set('Host', 'aaa.example.com').expect(200);
  });

  it('every known-catastrophic pattern builds and refuses its attack value of parameter-limit length', () => {
    for (const [pattern, attack] of CATASTROPHIC) {
      @Controller('/c')
      class C {
        @Get('/:v', { name: 'c', requirements: { v: pattern } }) c() {}
      }
      const requirement = runtimeOf(createApp({ routes: [C] })).table.routes[0].requirements.get('v') as RegExp;
      expect(requirement.test(attack), pattern).to.equal(false);
    }
  });

  it('a pattern RE2 cannot run linearly (backreference, lookaround) is ImproperlyConfigured at build, naming the route', () => {
    @Controller('/b')
    class B {
      @Get('/:v', { name: 'b', requirements: { v: /(a)\1/ } }) b() {}
    }
    expect(() => createApp({ routes: [B] })).to.throw(ImproperlyConfigured, /requirement "v" of B\.b.*linear time/);
    @Controller('/s')
    class S {
      @Get('', 's') s(@Query('x', { schema: { type: 'string', pattern: '^(?=a)a$' } }) x: string) {
        return x;
      }
    }
    expect(() => createApp({ routes: [S] })).to.throw(ImproperlyConfigured, /linear time/);
  });
});
