import { expect } from 'chai';
import { lastQueryValue } from '../../src/http/query';

describe('http/query: lastQueryValue agrees with URLSearchParams (repeated keys give the last value, as Django QueryDict.get)', () => {
  const queries = ['', 'version', 'version=', 'version=1&version=2', 'a=1&version=a+b&b', 'ver%73ion=x', 'version=%E0%A4%A', 'version=%zz&x=1', 'v=1&&version=%C3%A9', '=x&version==y', 'version+=1', 'version%2B=2'];
  for (const query of queries) {
    it(JSON.stringify(query), () => {
      const all = new URLSearchParams(query).getAll('version');
      expect(lastQueryValue(query, 'version')).to.equal(all.length ? all[all.length - 1] : undefined);
    });
  }
});
