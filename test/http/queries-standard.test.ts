import { expect } from 'chai';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import request from 'supertest';
import * as v from 'valibot';
import { z } from 'zod';
import { Controller, createApp, Get, Queries } from '../../src';
import type { Schema } from '../../src/model/schema';

// docs/controllers-and-parameters.md: `@Queries({ schema })` coerces form values from the JSON Schema a Standard Schema describes.

const schemas: [string, Schema][] = [
  ['zod', z.object({ limit: z.number().int(), active: z.boolean().optional(), tags: z.array(z.string()).optional() })],
  ['valibot', toStandardJsonSchema(v.object({ limit: v.pipe(v.number(), v.integer()), active: v.optional(v.boolean()), tags: v.optional(v.array(v.string())) }))],
  ['arktype', type({ limit: 'number.integer', 'active?': 'boolean', 'tags?': 'string[]' })],
];

describe('@Queries({ schema }) with a Standard Schema', () => {
  for (const [vendor, schema] of schemas) {
    it(`${vendor}: ?limit=10&active=true reaches the validator as numbers and booleans`, async () => {
      @Controller('/list')
      class List {
        @Get('', 'list') list(@Queries({ schema }) query: unknown) {
          return query;
        }
      }
      const app = createApp({ routes: [List] });
      const agent = request(app.callback());
      const ok = await agent.get('/list?limit=10&active=true&tags=a&tags=b');
      expect([ok.status, ok.body]).to.deep.equal([200, { limit: 10, active: true, tags: ['a', 'b'] }]);
      expect((await agent.get('/list?limit=ten')).status).to.equal(400);
      expect((await agent.get('/list?limit=1.5')).status).to.equal(400);
    });
  }
});
