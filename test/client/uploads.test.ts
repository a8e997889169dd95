import { expect } from 'chai';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import ts from 'typescript';
import { Body, Controller, createApp, File, Files, FormParser, MultiPartParser, Post, type UploadedFile } from '../../src';
import { generateClient } from '../../src/client/emit';
import { clientSourceOf } from '../../src/client/source';

const scratch = join(__dirname, '..', '..', '.tmp', 'client-uploads-test');
const STRICT: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [], skipLibCheck: false };

const caption = { type: 'object', required: ['caption'], properties: { caption: { type: 'string' }, rating: { type: 'integer' } } };

@Controller('/photos')
class Photos {
  @Post('', { name: 'upload', parsers: [MultiPartParser({ storage: 'memory' })] })
  upload(@Body({ schema: caption }) fields: { caption: string; rating?: number }, @File('photo', { required: true }) photo: UploadedFile, @Files('extra') extra: UploadedFile[]) {
    return { fields, photo: { filename: photo.filename, size: photo.size, text: photo.buffer?.toString() }, extra: extra.length };
  }

  @Post('/rate', { name: 'rate', parsers: [FormParser()] }) rate(@Body({ schema: caption }) fields: object) {
    return fields;
  }
}

type Call = (name: string, args?: Record<string, unknown>) => Promise<{ status: number; body: unknown }>;

describe('waymark client: forms and file uploads', function () {
  this.timeout(60_000);
  let server: Server;
  let file: string;
  let port: number;

  before(async () => {
    mkdirSync(scratch, { recursive: true });
    const app = createApp({ routes: [Photos] });
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
    file = join(scratch, 'client.ts');
    writeFileSync(file, generateClient(clientSourceOf(app, 'waymark client photos.ts')));
  });
  after(() => {
    server.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('types files as Blob and form fields from the schema, strictly', () => {
    const usage = join(scratch, 'usage.ts');
    writeFileSync(
      usage,
      [
        "import { createClient } from './client';",
        "const client = createClient({ baseUrl: 'http://localhost:3000' });",
        'export async function use(): Promise<void> {',
        "  await client.upload({ body: { caption: 'sea', photo: new Blob(['x']), extra: [new Blob(['y'])] } });",
        "  await client.rate({ body: { caption: 'sea', rating: 4 } });",
        '  // @ts-expect-error a file is a Blob, not text',
        "  await client.upload({ body: { caption: 'sea', photo: 'x' } });",
        '  // @ts-expect-error the photo is required',
        "  await client.upload({ body: { caption: 'sea' } });",
        '}',
      ].join('\n'),
    );
    const program = ts.createProgram([file, usage], STRICT);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(diagnostics).to.deep.equal([]);
  });

  it('sends multipart bodies with files and urlencoded forms that the app reads', async () => {
    const { createClient } = require(file) as { createClient(options: { baseUrl: string }): { call: Call } };
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}` });
    const uploaded = await client.call('upload', { body: { caption: 'sea', rating: 5, photo: new Blob(['waves'], { type: 'image/png' }), extra: [new Blob(['a']), new Blob(['b'])] } });
    expect(uploaded).to.deep.include({ status: 200, body: { fields: { caption: 'sea', rating: 5 }, photo: { filename: 'blob', size: 5, text: 'waves' }, extra: 2 } });
    const rated = await client.call('rate', { body: { caption: 'sky', rating: 3 } });
    expect(rated).to.deep.include({ status: 200, body: { caption: 'sky', rating: 3 } });
  });
});
