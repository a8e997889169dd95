import { Type } from '@sinclair/typebox';
import { type } from 'arktype';
import { expect } from 'chai';
import * as v from 'valibot';
import { z } from 'zod';
import { compileCheck, type Checked } from '../../src/schema/check';
import type { StandardSchemaV1 } from '../../src/model/schema';
import { SchemaCompiler } from '../../src/schema/compiler';

const check = (schema: Parameters<typeof compileCheck>[0], value: unknown, parameter?: string) => compileCheck(schema, new SchemaCompiler(), 'the test route', parameter)(value);

describe('schema/check: one check for every kind of schema', () => {
  it('validates a TypeBox value as the JSON Schema it is, failures pointing into the body', () => {
    const Book = Type.Object({ title: Type.String({ minLength: 1 }), year: Type.Integer() });
    expect(check(Book, { title: 'Dune', year: 1965 })).to.deep.equal({ value: { title: 'Dune', year: 1965 } });
    const failed = check(Book, { title: '', year: 1.5 }) as Checked;
    expect(failed.issues?.map((issue) => 'pointer' in issue && issue.pointer)).to.have.members(['#/title', '#/year']);
  });

  it('runs a zod schema through ~standard.validate, and hands on what it made of the value', () => {
    const Book = z.object({ title: z.string().min(1), tags: z.array(z.string()).default([]), year: z.coerce.number() });
    expect(check(Book, { title: 'Dune', year: '1965', extra: 1 })).to.deep.equal({ value: { title: 'Dune', tags: [], year: 1965 } });
    const failed = check(Book, { title: '', tags: [1], year: '1' }) as Checked;
    expect(failed.issues?.map((issue) => 'pointer' in issue && issue.pointer)).to.have.members(['#/title', '#/tags/0']);
  });

  it('runs valibot and arktype the same way', () => {
    const byValibot = check(v.object({ name: v.pipe(v.string(), v.minLength(2)) }), { name: 'a' }) as Checked;
    expect(byValibot.issues).to.have.length(1);
    expect(byValibot.issues?.[0]).to.include({ pointer: '#/name' });
    expect(check(type({ name: 'string > 1' }), { name: 'ada' })).to.deep.equal({ value: { name: 'ada' } });
    expect((check(type({ name: 'string > 1' }), { name: 1 }) as Checked).issues?.[0]).to.include({ pointer: '#/name' });
  });

  it('names the parameter instead of pointing into a body', () => {
    const failed = check(z.number().int().min(1), 0, 'page') as Checked;
    expect(failed.issues).to.have.length(1);
    expect(failed.issues?.[0]).to.include({ parameter: 'page' });
    expect((check({ type: 'integer', minimum: 1 }, 0, 'page') as Checked).issues?.[0]).to.include({ parameter: 'page' });
  });

  it('waits for an asynchronous validator, and escapes ~ and / in pointers (RFC 6901)', async () => {
    const slow: StandardSchemaV1 = {
      '~standard': { version: 1, vendor: 'test', validate: async () => ({ issues: [{ message: 'taken', path: [{ key: 'a/b' }, 'c~d', 0] }] }) },
    };
    const pending = check(slow, {});
    expect(pending).to.be.instanceOf(Promise);
    expect(await pending).to.deep.equal({ issues: [{ detail: 'taken', pointer: '#/a~1b/c~0d/0', keyword: 'invalid', params: {} }] });
  });
});
