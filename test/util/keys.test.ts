import { expect } from 'chai';
import { ImproperlyConfigured } from '../../src';
import { checkKeys, keysOf, propertyKey } from '../../src/util/keys';
import { isInternalized } from './internalized';

describe('util/keys', () => {
  it('accepts known keys and names an unknown one, the closest known key and the allowed ones', () => {
    expect(() => checkKeys('x options', { name: 'a' }, ['name', 'versions'])).to.not.throw();
    expect(() => checkKeys('x options', { nmae: 'a' }, ['name', 'versions'])).to.throw(
      ImproperlyConfigured,
      'x options: unknown option "nmae". Did you mean "name"? Known options: name, versions.',
    );
    expect(() => checkKeys('x options', { zzzzzz: 1 }, ['name'])).to.throw(ImproperlyConfigured, 'unknown option "zzzzzz". Known options: name.');
    expect(() => checkKeys('x options', null as never, ['name'])).to.throw(ImproperlyConfigured, 'must be an object');
  });

  it("propertyKey gives the engine's internalized copy of a name sliced out of a longer string, equal to it", () => {
    for (const name of ['id', 'user_id', 'ünïcode', 'a long parameter name of forty characters']) {
      const sliced = `/prefix/:${name}`.slice(9);
      expect(isInternalized(sliced), name).to.equal(false);
      const key = propertyKey(sliced);
      expect(key).to.equal(name);
      expect(isInternalized(key), name).to.equal(true);
    }
    expect(propertyKey('/:0'.slice(2))).to.equal('0'); // an index key: stored as an element, never an inline-cached name
  });

  it('keysOf lists the keys of an options type as written, and the compiler holds the object to the type', () => {
    interface Options {
      name?: string;
      versions: readonly string[];
    }
    const keys = keysOf<Options>({ name: true, versions: true });
    expect(keys).to.deep.equal(['name', 'versions']);
    expect(Object.isFrozen(keys)).to.equal(true);
    expect(() => checkKeys('x options', { versions: [] }, keys)).to.not.throw();
    // npm run typecheck fails if either line compiles: a key the type has and the list lacks, a key the list has and the type lacks.
    // @ts-expect-error `versions` is missing
    keysOf<Options>({ name: true });
    // @ts-expect-error `version` is not an option
    keysOf<Options>({ name: true, versions: true, version: true });
  });
});
