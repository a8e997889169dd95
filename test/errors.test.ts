import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ProblemCodes } from '../src/runner-options';
import {
  AcceptHeaderVersioning,
  BadRequest,
  ErrorCatalogue,
  HostNameVersioning,
  HttpError,
  MethodNotAllowed,
  NamespaceVersioning,
  NotAcceptable,
  NotFound,
  NoReverseMatch,
  QueryParameterVersioning,
  URLPathVersioning,
  WaymarkError,
} from '../src';
import { templateOf, type CatalogueEntry } from '../src/errors';
import { httpError } from '../src/errors';
import { catalogues } from '../src/i18n/catalogues';
import { de } from '../src/i18n/de';
import { es } from '../src/i18n/es';
import { fr } from '../src/i18n/fr';
import { englishOf, messageIds, type Translations } from '../src/i18n/messages';

const entries = Object.entries(ErrorCatalogue) as [string, CatalogueEntry][];

describe('errors', () => {
  it('every code is UPPER_SNAKE with a message; request errors have a 4xx/5xx status', () => {
    for (const [code, entry] of entries) {
      expect(code).to.match(/^[A-Z][A-Z0-9_]*$/);
      expect(entry.message, code).to.match(/\.\)?$/);
      if (entry.status !== undefined) expect(entry.status, code).to.be.within(400, 599);
    }
  });

  it('codes thrown at the developer carry no status: they are never a response', () => {
    const statusless = entries.filter(([, entry]) => entry.status === undefined).map(([code]) => code);
    expect(statusless).to.have.members(['NO_REVERSE_MATCH', 'IMPROPERLY_CONFIGURED', 'INVALID_ARGUMENT', 'INVALID_RUNNER_OPTIONS', 'INVALID_RESPONSE', 'PIN_STORE_FAILED', 'CONTRACT_VIOLATION']);
  });

  it('HTTP errors carry status, detail and code, with the documented defaults', () => {
    const cases: [HttpError, number, string, string][] = [
      [new BadRequest(), 400, 'Bad request.', 'BAD_REQUEST'],
      [new NotFound(), 404, 'Not found.', 'NOT_FOUND'],
      [new NotFound('No such user.'), 404, 'No such user.', 'NOT_FOUND'],
      [new MethodNotAllowed(['GET', 'HEAD']), 405, 'Method not allowed.', 'METHOD_NOT_ALLOWED'],
      [new NotAcceptable(), 406, 'Could not satisfy the request Accept header.', 'NOT_ACCEPTABLE'],
      [new HttpError(409, 'Taken.', { code: 'TAKEN' }), 409, 'Taken.', 'TAKEN'],
      [new HttpError(418), 418, "I'm a Teapot", 'CLIENT_ERROR'],
      [new HttpError(503), 503, 'Service Unavailable', 'SERVER_ERROR'],
    ];
    for (const [error, status, detail, code] of cases) {
      expect([error.status, error.detail, error.code]).to.deep.equal([status, detail, code]);
      expect(error).to.be.instanceOf(WaymarkError).and.instanceOf(Error);
    }
    expect(new MethodNotAllowed(['GET', 'HEAD']).headers).to.deep.equal({ Allow: 'GET, HEAD' });
    expect(new NotFound().name).to.equal('NotFound');
  });

  it('httpError() makes an error from its code: the catalogue status, template and placeholders', () => {
    const error = httpError('INVALID_PARAMETER', { name: 'id' }, 'pathNumber');
    expect([error.status, error.code, error.detail]).to.deep.equal([400, 'INVALID_PARAMETER', 'Invalid path parameter "id": expected a number.']);
    expect(error.text.template).to.equal(ErrorCatalogue.INVALID_PARAMETER.variants.pathNumber);
    expect([httpError('PARAM_TOO_LONG').status, httpError('INVALID_HOST').detail]).to.deep.equal([414, 'Invalid Host header.']);
  });

  it('refuses a status outside 400-599', () => {
    for (const status of [200, 399, 600, 404.5, NaN]) expect(() => new HttpError(status)).to.throw(RangeError);
  });

  it('NoReverseMatch is coded', () => {
    expect(new NoReverseMatch('x').code).to.equal('NO_REVERSE_MATCH');
  });
});

/** Every string literal in a source text that looks like a code (UPPER_SNAKE with an underscore), outside comments. */
function codeLiterals(text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(node.text)) found.push(node.text);
    // A single-word code is recognised where it is given as one: `code: 'GONE'`.
    if (ts.isPropertyAssignment(node) && node.name.getText() === 'code' && ts.isStringLiteral(node.initializer)) found.push(node.initializer.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true));
  return found;
}

describe('errors: the catalogue covers every code the source uses', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.ts') ? [join(dir, name)] : []));
  const src = join(__dirname, '..', 'src');

  it('the scan finds codes however they are written (a returned string, a `code:` property, a ternary)', () => {
    const found = codeLiterals("function f(s: number) { return s < 500 ? 'CLIENT_ERROR' : 'SERVER_OOPS'; }\nconst e = { code: 'GONE' };\n// 'IN_COMMENT'");
    expect(found).to.deep.equal(['CLIENT_ERROR', 'SERVER_OOPS', 'GONE']);
  });

  it('every code in src/ is in ErrorCatalogue or, for runner-option problems, in ProblemCodes', () => {
    let seen = 0;
    for (const file of files(src)) {
      for (const code of codeLiterals(readFileSync(file, 'utf8'))) {
        seen += 1;
        // `waymark check-config` reports runner-option problems too, on a TypeScript without the API (docs/cli.md#checking-a-tsconfigjson).
        const problems = file.includes('runner-options') || /cli[\\/](check-config|check-native|tsc)\.ts$/.test(file);
        const known = Object.hasOwn(ErrorCatalogue, code) || (problems && Object.hasOwn(ProblemCodes, code));
        expect(known, `${code} in ${relative(src, file)}`).to.equal(true);
      }
    }
    expect(seen).to.be.at.least(10);
  });
});

describe('errors: every translatable message is translated in each shipped language', () => {
  const shipped: Record<string, Translations> = { fr, de, es };
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('lists every request error and variant as a message id', () => {
    const ids = messageIds();
    for (const [code, entry] of entries) {
      if (entry.status === undefined) expect(ids, code).to.not.include(code);
      else expect(ids, code).to.include(code);
      for (const variant of Object.keys(entry.variants ?? {})) expect(ids).to.include(`${code}.${variant}`);
    }
  });

  for (const language of ['fr', 'de', 'es']) {
    it(`${language}: an entry for every message, with the same placeholders, keyed by the English template`, () => {
      const translations = shipped[language];
      expect(Object.keys(translations)).to.have.members(messageIds());
      for (const id of messageIds()) {
        const english = englishOf(id);
        expect(translations[id], id).to.be.a('string').and.not.equal('');
        expect(placeholders(translations[id]), id).to.deep.equal(placeholders(english));
        expect(catalogues[language][english], id).to.equal(translations[id]);
      }
    });
  }

  it("the built-in schemes' refusal messages are catalogue templates, so they are translated", () => {
    const schemes = [new AcceptHeaderVersioning(), new URLPathVersioning(), new NamespaceVersioning(), new HostNameVersioning(), new QueryParameterVersioning()];
    const templates = Object.values(ErrorCatalogue.INVALID_VERSION.variants) as string[];
    for (const scheme of schemes) {
      expect(templates, scheme.constructor.name).to.include(scheme.invalidVersionMessage);
      expect(scheme.invalidVersion().code).to.equal('INVALID_VERSION');
    }
    expect(templateOf('INVALID_VERSION')).to.equal('Invalid version.');
  });
});
