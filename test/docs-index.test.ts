import { expect } from 'chai';
import { readPage } from './doc-pages';

describe('docs/README.md, the index of the guides', () => {
  it('links each page once', () => {
    const targets = [...readPage('docs/README.md').matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]).filter((target) => !/^[a-z]+:/i.test(target));
    expect(targets.length).to.be.at.least(20);
    expect(targets.filter((target, index) => targets.indexOf(target) !== index)).to.deep.equal([]);
  });
});
