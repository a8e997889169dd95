import { expect } from 'chai';
import type { JSONSchema } from '../../src';
import { conversionFor, INEXACT, INVALID, Scalars } from '../../src/validation/convert';

describe('validation/convert', () => {
  it('chooses the conversion from the type, else from the schema’s type keyword', () => {
    const cases: [unknown, JSONSchema | undefined, unknown][] = [
      [String, undefined, { kind: 'scalar', scalar: Scalars.String }],
      [Number, { type: 'string' }, { kind: 'scalar', scalar: Scalars.Number }],
      [Date, undefined, { kind: 'scalar', scalar: Scalars.Date }],
      [Array, undefined, { kind: 'array', element: Scalars.String }],
      [Array, { items: { type: 'integer' } }, { kind: 'array', element: Scalars.Number }],
      [Object, { type: 'integer' }, { kind: 'scalar', scalar: Scalars.Number }],
      [Object, { type: 'boolean' }, { kind: 'scalar', scalar: Scalars.Boolean }],
      [Object, { type: 'array', items: { type: 'boolean' } }, { kind: 'array', element: Scalars.Boolean }],
      [Object, { enum: ['a', 'b'] }, { kind: 'scalar', scalar: Scalars.String }],
      [undefined, { type: ['integer', 'null'] }, { kind: 'scalar', scalar: Scalars.String }],
      [Object, undefined, undefined],
      [class Custom {}, undefined, undefined],
    ];
    for (const [type, schema, expected] of cases) expect(conversionFor(type, schema), `${String(type)} ${JSON.stringify(schema)}`).to.deep.equal(expected);
  });

  it('converts numbers and booleans strictly', () => {
    expect(['1', '-1.5e2', '.5', '0x10', 'Infinity', '1e400', '', ' 1'].map(Scalars.Number.convert)).to.deep.equal([1, -150, 0.5, INVALID, INVALID, INEXACT, INVALID, INVALID]);
    expect(['true', '1', 'false', '0', 'yes', ''].map(Scalars.Boolean.convert)).to.deep.equal([true, true, false, false, INVALID, INVALID]);
    expect(Scalars.Date.convert('nope')).to.equal(INVALID);
  });
});
