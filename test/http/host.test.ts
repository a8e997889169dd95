import { expect } from 'chai';
import { isValidHost } from '../../src/http/host';

describe('http/host', () => {
  it("accepts Django's valid hosts", () => {
    for (const host of ['example.com', 'example.com:80', '12.34.56.78:443', '[2001:19f0:feee::dead:beef:cafe]:8080', 'xn--4ca9at.com', 'INSENSITIVE.com', 'localhost']) {
      expect(isValidHost(host), host).to.equal(true);
    }
  });

  it("refuses Django's poisoned hosts and other non-host text", () => {
    const poisoned = [
      'example.com@evil.tld',
      'example.com:dr.frankenstein@evil.tld',
      'example.com:dr.frankenstein@evil.tld:80',
      'example.com:80/badpath',
      'example.com: recovermypassword.com',
      'good.com/evil',
      'good.com evil.com',
      'a.com, b.com',
      '[::1',
      '[::1]/x',
      'café.com',
      '',
      'x'.repeat(256),
    ];
    for (const host of poisoned) expect(isValidHost(host), host).to.equal(false);
  });
});
