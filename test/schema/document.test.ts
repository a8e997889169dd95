import { Type } from '@sinclair/typebox';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import { expect } from 'chai';
import * as v from 'valibot';
import { z } from 'zod';
import { describeSchema } from '../../src/schema/document';
import { checkSchema } from '../../src/schema/kinds';

describe('schema/document: what a schema of each kind looks like in a document', () => {
  it('describes a JSON Schema (a TypeBox value) as itself', () => {
    const Book = Type.Object({ title: Type.String() });
    expect(describeSchema(Book, 'output').schema).to.equal(Book);
  });

  it('asks zod and arktype for draft 2020-12 through Standard JSON Schema, without the $schema member', () => {
    const zod = describeSchema(z.object({ title: z.string().min(1) }), 'input').schema as Record<string, unknown>;
    expect(zod).to.deep.include({ type: 'object', required: ['title'] });
    expect(zod).to.not.have.property('$schema');
    expect(describeSchema(type({ title: 'string' }), 'output').schema).to.deep.include({ type: 'object', required: ['title'] });
  });

  it('tells why when a validator cannot describe itself: valibot without its converter, zod with a Date', () => {
    expect(describeSchema(v.object({ a: v.string() }), 'input').reason).to.match(/valibot does not implement Standard JSON Schema/);
    expect(describeSchema(toStandardJsonSchema(v.object({ a: v.string() })), 'input').schema).to.deep.include({ type: 'object' });
    expect(describeSchema(z.object({ at: z.date() }), 'output').reason).to.match(/^zod cannot describe it as JSON Schema/);
  });

  it('refuses an option that is no schema when the app is built, naming it', () => {
    expect(checkSchema(z.string(), 'x')).to.be.an('object');
    expect(checkSchema(true, 'x')).to.equal(true);
    for (const [value, shown] of [[[], 'an array'], [3, '3'], [class Book {}, 'the function Book'], [null, 'null']] as const) {
      expect(() => checkSchema(value, '@Body() of Books.create option schema'))
        .to.throw(`@Body() of Books.create option schema must be a JSON Schema (an object or a boolean) or a Standard Schema validator (zod, valibot, arktype), got ${shown}.`)
        .with.property('code', 'IMPROPERLY_CONFIGURED');
    }
  });
});
