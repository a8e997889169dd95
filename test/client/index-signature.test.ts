import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { typeOf } from '../../src/client/types';

const none = () => undefined;

/** Issue 29: a TypeBox `Type.Record` is `patternProperties`, which the client typed as `{ [k: string]: unknown }`. */
describe('client/types: index signatures (docs/client.md)', () => {
  it("types TypeBox's Type.Record as an index signature of its value's type", () => {
    expect(typeOf(Type.Record(Type.String(), Type.Number()), none, 'response')).to.equal('{ [key: string]: number }');
    expect(typeOf(Type.Object({ counts: Type.Record(Type.String(), Type.Array(Type.String())) }), none, 'response')).to.equal('{ counts: { [key: string]: string[] } }');
  });

  it('reads one catch-all pattern however it is written, and only a catch-all', () => {
    for (const pattern of ['^(.*)$', '.*', '^.*$', '^(?:.*)$']) {
      expect(typeOf({ type: 'object', patternProperties: { [pattern]: { type: 'boolean' } } }, none, 'request'), pattern).to.equal('{ [key: string]: boolean }');
    }
    // A pattern that some names fail, or two patterns, says nothing of every member: any object, as before.
    expect(typeOf({ type: 'object', patternProperties: { '^x-': { type: 'string' } } }, none, 'response')).to.equal('{ [key: string]: unknown }');
    expect(typeOf({ type: 'object', patternProperties: { '.*': { type: 'string' }, '^a': { type: 'number' } } }, none, 'response')).to.equal('{ [key: string]: unknown }');
    // Beside a catch-all, additionalProperties applies to no name.
    expect(typeOf({ type: 'object', patternProperties: { '.*': { type: 'string' } }, additionalProperties: false }, none, 'response')).to.equal('{ [key: string]: string }');
  });
});
