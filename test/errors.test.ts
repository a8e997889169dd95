import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ProblemCodes } from '../src/runner-options';
import { BadRequest, ErrorCatalogue, HttpError, MethodNotAllowed, NotAcceptable, NotFound, NoReverseMatch, WaymarkError } from '../src';

describe('errors', () => {
  it('every catalogue entry has a status and a message', () => {
    for (const [code, entry] of Object.entries(ErrorCatalogue)) {
      expect(code).to.match(/^[A-Z_]+$/);
      expect(entry.status).to.be.within(400, 599);
      expect(entry.message).to.match(/\.$/);
    }
  });

  it('HTTP errors carry status, detail and code, with the documented defaults', () => {
    const cases: [HttpError, number, string, string][] = [
      [new BadRequest(), 400, 'Bad request.', 'BAD_REQUEST'],
      [new NotFound(), 404, 'Not found.', 'NOT_FOUND'],
      [new NotFound('No such user.'), 404, 'No such user.', 'NOT_FOUND'],
      [new MethodNotAllowed(['GET', 'HEAD']), 405, 'Method not allowed.', 'METHOD_NOT_ALLOWED'],
      [new NotAcceptable(), 406, 'Could not satisfy the request Accept header.', 'NOT_ACCEPTABLE'],
      [new HttpError(409, 'Taken.', { code: 'TAKEN' }), 409, 'Taken.', 'TAKEN'],
      [new HttpError(503), 503, 'Service Unavailable', 'SERVER_ERROR'],
    ];
    for (const [error, status, detail, code] of cases) {
      expect([error.status, error.detail, error.code]).to.deep.equal([status, detail, code]);
      expect(error).to.be.instanceOf(WaymarkError).and.instanceOf(Error);
    }
    expect(new MethodNotAllowed(['GET', 'HEAD']).headers).to.deep.equal({ Allow: 'GET, HEAD' });
    expect(new NotFound().name).to.equal('NotFound');
  });

  it('refuses a status outside 400-599', () => {
    for (const status of [200, 399, 600, 404.5, NaN]) expect(() => new HttpError(status)).to.throw(RangeError);
  });

  it('NoReverseMatch is coded', () => {
    expect(new NoReverseMatch('x').code).to.equal('NO_REVERSE_MATCH');
  });
});

describe('errors: the catalogues cover every code the source uses', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.ts') ? [join(dir, name)] : []));

  it('every code in src/ is in ErrorCatalogue or, for runner-option problems, in ProblemCodes', () => {
    for (const file of files(join(__dirname, '..', 'src'))) {
      const text = readFileSync(file, 'utf8').replace(/\/\*\*[\s\S]*?\*\//g, '');
      const codes = [...text.matchAll(/(?:code: |super\()'([A-Z_]+)'/g)].map((m) => m[1]);
      for (const code of codes) {
        const known = code in ErrorCatalogue || (file.includes('runner-options') && code in ProblemCodes);
        expect(known, `${code} in ${file}`).to.equal(true);
      }
    }
  });
});
