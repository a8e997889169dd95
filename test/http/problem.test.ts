import { expect } from 'chai';
import { HttpError } from '../../src';
import { asError, toProblem } from '../../src/http/problem';

describe('http/problem', () => {
  it('keeps an HttpError and drops header values Node would refuse', () => {
    const problem = toProblem(new HttpError(406, 'No.', { headers: { Vary: 'Accept', 'X-Crlf': 'a\r\nb', 'X-Snow': '\u2603', 'Bad Name': 'x' } }));
    expect(problem).to.deep.include({ status: 406, code: 'NOT_ACCEPTABLE', headers: { Vary: 'Accept' } });
    expect(problem.text.render()).to.equal('No.');
  });

  it('keeps exposed 4xx errors from Koa and hides everything else', () => {
    const koa = toProblem(Object.assign(new Error('Nope.'), { status: 403, expose: true }));
    expect([koa.status, koa.text.render()]).to.deep.equal([403, 'Nope.']);
    for (const thrown of [null, undefined, 'text', 42, {}, new Error('secret'), Object.assign(new Error('secret'), { status: 403 }), Object.assign(new Error('x'), { status: 999, expose: true }), Object.assign(new Error('x'), { status: '404', expose: true })]) {
      const problem = toProblem(thrown);
      expect(problem).to.deep.include({ status: 500, code: 'INTERNAL_ERROR', headers: {} });
      expect(problem.text.render()).to.equal('A server error occurred.');
    }
  });

  it('asError wraps non-errors for Koa', () => {
    const error = new Error('x');
    expect(asError(error)).to.equal(error);
    expect(asError(null)).to.be.instanceOf(Error).with.property('message', 'Non-error thrown: null');
  });
});
