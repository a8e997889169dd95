import { expect } from 'chai';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import ts from 'typescript';
import { Conflict, Controller, createApp, Get, HttpError } from '../../src';

const root = join(__dirname, '..', '..');
const fixture = join(root, 'test/fixtures/types/reserved-extensions.ts');

describe('http/errors: a reserved problem extension name (reserved_extension_name)', function () {
  this.timeout(60_000);

  it('is a compile-time error: each @ts-expect-error line of the fixture is an error without its directive', () => {
    const source = readFileSync(fixture, 'utf8');
    const expected = (source.match(/^\/\/ @ts-expect-error/gm) ?? []).length;
    const dir = join(root, '.tmp', 'reserved-extensions');
    mkdirSync(dir, { recursive: true });
    const stripped = join(dir, 'stripped.ts');
    writeFileSync(stripped, source.replaceAll('// @ts-expect-error', '//').replaceAll("'../../../src'", JSON.stringify(join(root, 'src'))));
    const options: ts.CompilerOptions = { strict: true, noEmit: true, experimentalDecorators: true, emitDecoratorMetadata: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, esModuleInterop: true, skipLibCheck: true, types: ['node'] };
    const program = ts.createProgram([fixture, stripped], options);
    const errorsIn = (file: string) => ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).filter((d) => d.category === ts.DiagnosticCategory.Error);
    expect(errorsIn(fixture).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).to.deep.equal([]);
    expect(errorsIn(stripped)).to.have.length(expected);
    expect(expected).to.equal(5);
    rmSync(dir, { recursive: true, force: true });
  });

  it('from untyped code, never turns the intended status into a 500: the member is dropped, the status and the RFC member kept', async () => {
    @Controller('/names')
    class Names {
      @Get('/:name', 'name') name() {
        throw new Conflict('That name is taken.', { title: 'Name taken', extensions: { title: 'Taken', status: 500, field: 'name' } as never });
      }
      @Get('', 'names') names() {
        throw new HttpError(422, 'No.', { extensions: { detail: 'shadow', type: 'x', instance: 'y' } as never });
      }
    }
    const app = createApp({ routes: [Names] });
    app.silent = true;
    const response = await request(app.callback()).get('/names/ada').expect(409);
    expect(response.body).to.deep.equal({ type: 'about:blank', title: 'Name taken', status: 409, detail: 'That name is taken.', field: 'name' });
    const other = await request(app.callback()).get('/names').expect(422);
    expect(other.body).to.deep.equal({ type: 'about:blank', title: 'Unprocessable Entity', status: 422, detail: 'No.' });
  });
});
