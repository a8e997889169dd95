import { expect } from 'chai';
import request from 'supertest';
import { Body, Controller, createApp, Post } from '../../src';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '../../src/bodies/json-depth';

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

describe('http/json-depth', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(nestsDeeperThan(nested(3), 3)).to.equal(false);
    expect(nestsDeeperThan(nested(4), 3)).to.equal(true);
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 3)).to.equal(false);
    expect(nestsDeeperThan('{"a":{"b":[[1]]}}', 3)).to.equal(true);
    expect(nestsDeeperThan(`["${'['.repeat(50)}"]`, 1)).to.equal(false);
    expect(nestsDeeperThan(`["\\"${'['.repeat(50)}"]`, 1)).to.equal(false);
    expect(nestsDeeperThan(`["\\\\", [[1]]]`, 2)).to.equal(true);
  });

  @Controller()
  class Echo {
    @Post('/echo', 'echo') echo(@Body() body: unknown) {
      return body;
    }
  }
  const agent = () => request(createApp({ routes: [Echo] }).callback());

  it('regression: echoing a body nested 100,000 deep answered 500 (JSON.stringify overflowed the stack)', async () => {
    const res = await agent().post('/echo').set('Content-Type', 'application/json').send(nested(100_000));
    expect(res.status).to.equal(400);
    expect(res.body.code ?? res.body.detail).to.be.a('string');
    expect(res.body.detail).to.equal(`The request body nests deeper than ${MAX_BODY_DEPTH} levels.`);
  });

  it('still echoes a body nested exactly MAX_BODY_DEPTH deep', async () => {
    const res = await agent().post('/echo').set('Content-Type', 'application/json').send(nested(MAX_BODY_DEPTH, '{"a":', '}').replace(/\{"a":\}/, '{"a":1}'));
    expect(res.status).to.equal(200);
  });
});
