import { expect } from 'chai';
import { ImproperlyConfigured } from '../../src';
import { checkKeys } from '../../src/util/keys';

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
});
