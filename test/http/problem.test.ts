import { expect } from 'chai';
import { HttpError } from '../../src';
import { asError, toProblem } from '../../src/http/problem';

describe('http/problem', () => {
  it('keeps an HttpError and drops header values Node would refuse', () => {
    const problem = toProblem(new HttpError(406, 'No.', { headers: { Vary: 'Accept', 'X-Crlf': 'a\r\nb', 'X-Snow': '\u2603', 'Bad Name': 'x' } }));
    expect(problem).to.deep.equal({ status: 406, detail: 'No.', code: 'NOT_ACCEPTABLE', headers: { Vary: 'Accept' } });
  });

  it('keeps exposed 4xx errors from Koa and hides everything else', () => {
    expect(toProblem(Object.assign(new Error('Nope.'), { status: 403, expose: true }))).to.include({ status: 403, detail: 'Nope.' });
    for (const thrown of [null, undefined, 'text', 42, {}, new Error('secret'), Object.assign(new Error('secret'), { status: 403 }), Object.assign(new Error('x'), { status: 999, expose: true }), Object.assign(new Error('x'), { status: '404', expose: true })]) {
      expect(toProblem(thrown)).to.deep.equal({ status: 500, detail: 'A server error occurred.', code: 'INTERNAL_ERROR', headers: {} });
    }
  });

  it('asError wraps non-errors for Koa', () => {
    const error = new Error('x');
    expect(asError(error)).to.equal(error);
    expect(asError(null)).to.be.instanceOf(Error).with.property('message', 'Non-error thrown: null');
  });
});
