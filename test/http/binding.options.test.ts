import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import { Controller, createApp, Get, Header, Param, Query } from '../../src';
import { MAX_VALUES } from '../../src/http/binding';

@Controller('/o')
class Options {
  @Get('/date', 'date') date(@Query('since') since: Date, @Query('until', { type: Date }) until: string) {
    return { since: since?.toISOString() ?? null, until: (until as unknown as Date | undefined)?.toISOString() ?? null };
  }
  @Get('/tags', 'tags') tags(@Query('tag') tags: string[], @Query('n', { type: Array, schema: { type: 'array', items: { type: 'integer' } } }) n: number[]) {
    return { tags: tags ?? null, n: n ?? null };
  }
  @Get('/list', 'list') list(@Header('X-Ids', { type: Array }) ids: string[]) {
    return { ids: ids ?? null };
  }
  @Get('/required/:id', 'required') required(@Param('id') id: string, @Query('q', { required: true }) q: string, @Header('X-Key', { required: true }) key: string) {
    return { id, q, key };
  }
  @Get('/schema', 'schema')
  schema(
    @Query('page', { schema: { type: 'integer', minimum: 1 } }) page: number | undefined,
    @Query('sort', { schema: { enum: ['asc', 'desc'] } }) sort: 'asc' | 'desc',
    @Header('X-Flag', { schema: { type: 'boolean' } }) flag: unknown,
    @Query('day', { type: Date, schema: { type: 'string', format: 'date' } }) day: Date,
  ) {
    return { page: page ?? null, sort: sort ?? null, flag: flag ?? null, day: day?.toISOString() ?? null };
  }
  @Get('/typed/:n', 'typed') typed(@Param('n', { type: Number }) n: string) {
    return { n, type: typeof n };
  }
}

const agent = () => request(createApp({ routes: [Options] }).callback());

describe('http/binding: parameter options', () => {
  it('converts RFC 3339 dates and date-times, by design type or by option', async () => {
    const res = await agent().get('/o/date?since=2026-11-24&until=2026-11-24T09:30:00%2B01:00').expect(200);
    expect(res.body).to.deep.equal({ since: '2026-11-24T00:00:00.000Z', until: '2026-11-24T08:30:00.000Z' });
  });

  for (const bad of ['yesterday', '2026-02-30', '1700000000', 'Tue, 24 Nov 2026 09:00:00 GMT', '2026-11-24T09:00']) {
    it(`answers 400 naming the parameter when "${bad}" is not a date`, async () => {
      const res = await agent().get(`/o/date?since=${encodeURIComponent(bad)}`).expect(400);
      expect(res.body.detail).to.equal('Invalid query parameter "since": expected an RFC 3339 date or date-time.');
    });
  }

  it('collects every value of a repeated query key, in order, for an array parameter', async () => {
    expect((await agent().get('/o/tags?tag=b&tag=a&tag=b&n=3&n=1').expect(200)).body).to.deep.equal({ tags: ['b', 'a', 'b'], n: [3, 1] });
    expect((await agent().get('/o/tags?tag=only').expect(200)).body).to.deep.equal({ tags: ['only'], n: null });
    expect((await agent().get('/o/tags?n=x').expect(400)).body.detail).to.equal('Invalid query parameter "n": expected a number.');
  });

  it('splits a header list on commas, trims, and skips empty elements (RFC 9110 §5.6.1)', async () => {
    expect((await agent().get('/o/list').set('X-Ids', ' a, b ,,c ').expect(200)).body).to.deep.equal({ ids: ['a', 'b', 'c'] });
    expect((await agent().get('/o/list').expect(200)).body).to.deep.equal({ ids: null });
  });

  it('answers 400, not 500, to a header of 10,000 commas and to more values than it reads', async () => {
    const commas = await agent().get('/o/list').set('X-Ids', ','.repeat(10_000)).expect(400);
    expect(commas.body.detail).to.equal(`Invalid header "x-ids": more than ${MAX_VALUES} values.`);
    const many = Array.from({ length: MAX_VALUES + 1 }, (_, i) => `tag=${i}`).join('&');
    expect((await agent().get(`/o/tags?${many}`).expect(400)).body.detail).to.equal(`Invalid query parameter "tag": more than ${MAX_VALUES} values.`);
    const enough = Array.from({ length: MAX_VALUES }, (_, i) => `tag=${i}`).join('&');
    expect((await agent().get(`/o/tags?${enough}`).expect(200)).body.tags).to.have.length(MAX_VALUES);
  });

  it('answers 400 naming a required parameter that is missing', async () => {
    expect((await agent().get('/o/required/1?q=x').set('X-Key', 'k').expect(200)).body).to.deep.equal({ id: '1', q: 'x', key: 'k' });
    expect((await agent().get('/o/required/1?q=').set('X-Key', 'k').expect(200)).body.q).to.equal('');
    const noQuery = await agent().get('/o/required/1').set('X-Key', 'k').expect(400);
    expect(noQuery.body.detail).to.equal('Missing query parameter "q".');
    const noHeader = await agent().get('/o/required/1?q=x').expect(400);
    expect(noHeader.body.detail).to.equal('Missing header "x-key".');
  });

  it('validates converted values against their schema, listing every failure by parameter', async () => {
    expect((await agent().get('/o/schema?page=2&sort=asc&day=2026-11-24').set('X-Flag', 'true').expect(200)).body).to.deep.equal({
      page: 2,
      sort: 'asc',
      flag: true,
      day: '2026-11-24T00:00:00.000Z',
    });
    const res = await agent().get('/o/schema?page=0&sort=up&day=2026-11-24T10:00:00Z').expect(400);
    expect(res.type).to.equal('application/problem+json');
    expect(res.body.detail).to.equal('The request did not validate.');
    expect(res.body.errors).to.deep.equal([
      { detail: 'must be >= 1', parameter: 'page' },
      { detail: 'must be equal to one of the allowed values', parameter: 'sort' },
      { detail: 'must match format "date"', parameter: 'day' },
    ]);
    expect((await agent().get('/o/schema?page=1.5').expect(400)).body.errors).to.deep.equal([{ detail: 'must be integer', parameter: 'page' }]);
    expect((await agent().get('/o/schema?page=x').expect(400)).body.detail).to.equal('Invalid query parameter "page": expected a number.');
  });

  it('type overrides the design type', async () => {
    expect((await agent().get('/o/typed/4').expect(200)).body).to.deep.equal({ n: 4, type: 'number' });
  });

  it('property: any list of header elements without commas comes back trimmed and in order', async () => {
    const app = createApp({ routes: [Options] }).callback();
    const element = fc.stringMatching(/^[A-Za-z0-9 ._~-]{0,12}$/);
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(element, { maxLength: 20 }), async (elements) => {
        const header = elements.join(',');
        const res = await request(app).get('/o/list').set('X-Ids', header);
        const expected = elements.map((e) => e.trim()).filter((e) => e !== '');
        expect(res.status).to.equal(200);
        expect(res.body.ids).to.deep.equal(header.trim() === '' ? null : expected);
        answered++;
      }),
      { numRuns: 60 },
    );
    expect(answered).to.be.at.least(60);
  });
});
