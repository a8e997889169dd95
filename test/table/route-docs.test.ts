import { expect } from 'chai';
import { Controller, createApp, Get, type RouteOptions } from '../../src';
import { runtimeOf } from '../../src/runtime';

function appWith(options: RouteOptions) {
  @Controller()
  class Documented {
    @Get('/x', options) x() {}
  }
  return createApp({ routes: [Documented] });
}

describe('table/route-docs', () => {
  it('accepts responses, summary, description and tags as route options', () => {
    const app = appWith({ name: 'x', summary: 's', description: 'd', tags: ['a'], responses: { 201: { description: 'Made', schema: { type: 'object' } }, '4XX': {}, default: {} } });
    expect(runtimeOf(app).table.routes[0].docs).to.deep.equal({ summary: 's', description: 'd', tags: ['a'], responses: { 201: { description: 'Made', schema: { type: 'object' } }, '4XX': {}, default: {} } });
  });

  it('keeps a copy: changing the options object after the app is built changes nothing', () => {
    const tags = ['a'];
    const app = appWith({ tags });
    tags.push('b');
    expect(runtimeOf(app).table.routes[0].docs.tags).to.deep.equal(['a']);
  });

  const bad: [string, unknown, RegExp][] = [
    ['an unknown option', { summry: 'x' }, /unknown option "summry".*summary/],
    ['a summary that is no string', { summary: 1 }, /summary of Documented\.x must be a string/],
    ['tags that are no list of names', { tags: 'a' }, /tags of Documented\.x/],
    ['an empty tag', { tags: [''] }, /tags of Documented\.x/],
    ['a status that is none', { responses: { 99: {} } }, /"99" is not a status/],
    ['a response with an unknown key', { responses: { 200: { schema: {}, example: 1 } } }, /unknown option "example"/],
    ['a schema that is no schema', { responses: { 200: { schema: 'object' } } }, /schema of Documented\.x must be a JSON Schema/],
    ['responses that are a list', { responses: [{}] }, /keyed by status/],
  ];
  for (const [what, options, message] of bad) {
    it(`refuses ${what} when the app is built (ImproperlyConfigured)`, () => {
      expect(() => appWith(options as RouteOptions)).to.throw(message).with.property('code', 'IMPROPERLY_CONFIGURED');
    });
  }
});
