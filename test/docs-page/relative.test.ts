import { expect } from 'chai';
import fc from 'fast-check';
import { relativeUrl } from '../../src/docs-page/relative';

describe('docs-page/relative', () => {
  it('links from the page to a path beside, below or above it', () => {
    expect(relativeUrl('/docs', '/docs/assets/a.css')).to.equal('./docs/assets/a.css');
    expect(relativeUrl('/docs/', '/docs/openapi/v2')).to.equal('./openapi/v2');
    expect(relativeUrl('/a/b/page', '/a/x')).to.equal('../x');
    expect(relativeUrl('/a/b/page', '/')).to.equal('../../');
    expect(relativeUrl('/docs', '/v1:x')).to.equal('./v1:x'); // never read as a scheme
  });

  it('resolves, against any page address, to the target path on the same origin', () => {
    const segment = fc.stringMatching(/^[a-z0-9:%-]{0,6}$/);
    const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => `/${parts.join('/')}`);
    let checked = 0;
    fc.assert(
      fc.property(path, path, (from, to) => {
        const resolved = new URL(relativeUrl(from, to), `http://page.test${from}`);
        expect(resolved.origin).to.equal('http://page.test');
        expect(resolved.pathname).to.equal(new URL(`http://page.test${to}`).pathname);
        checked++;
      }),
      { numRuns: 300 },
    );
    expect(checked).to.be.at.least(300);
  });
});
