import { expect } from 'chai';
import { ImproperlyConfigured } from '../../src';
import { checkVersionList } from '../../src/table/versions';

describe('versioning/versions', () => {
  it('accepts strings and null entries, and refuses anything else, with a hint for a bare string', () => {
    expect(() => checkVersionList(['v1', null], 'versions')).to.not.throw();
    expect(() => checkVersionList('v1', 'allowedVersions')).to.throw(ImproperlyConfigured, "write ['v1']");
    expect(() => checkVersionList([1], 'versions of A.b')).to.throw(ImproperlyConfigured, 'versions of A.b must be an array of strings');
  });
});
