import { expect } from 'chai';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { Body, Controller, createApp, Files, MultiPartParser, Post, type UploadedFile } from '../../../src';
import { eventually, multipart, uploadDir, type Part } from './helpers';

const LIMITS = { fields: 4, fieldSize: 32, files: 3, fileSize: 64 };

describe('http/parsers: multipart round trips (property)', () => {
  let dir: ReturnType<typeof uploadDir>;
  before(() => (dir = uploadDir()));
  after(() => dir.remove());

  it('delivers exactly the fields and files sent, or a 413 when a limit is passed, and leaves no temporary file', async () => {
    @Controller('/echo', { parsers: [MultiPartParser({ directory: dir.path, limits: LIMITS })] })
    class Echo {
      @Post('', 'echo') echo(@Body() fields: Record<string, string | string[]>, @Files() files: UploadedFile[]) {
        return { fields, files: files.map((file) => ({ fieldName: file.fieldName, filename: file.filename, size: file.size, content: readFileSync(file.path as string).toString('base64') })) };
      }
    }
    const app = createApp({ routes: [Echo] });
    const name = fc.stringMatching(/^[a-z]{1,4}$/);
    const field = fc.record({ name, value: fc.string({ unit: 'grapheme', maxLength: 40 }).filter((value) => Buffer.byteLength(value) <= 40) });
    const file = fc.record({ name, filename: fc.stringMatching(/^[a-z]{1,8}\.[a-z]{1,3}$/), size: fc.oneof(fc.integer({ min: 0, max: 80 }), fc.constantFrom(63, 64, 65)), byte: fc.integer({ min: 0, max: 255 }) });
    const body = fc.tuple(fc.array(field, { maxLength: 5 }), fc.array(file, { maxLength: 4 })).chain(([fields, files]) =>
      fc.shuffledSubarray([...fields.map((f) => ({ kind: 'field' as const, ...f })), ...files.map((f) => ({ kind: 'file' as const, ...f }))], { minLength: fields.length + files.length }),
    );
    let delivered = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(body, async (parts) => {
        const sent: Part[] = parts.map((part) =>
          part.kind === 'field' ? { name: part.name, value: part.value } : { name: part.name, value: Buffer.alloc(part.size, part.byte), filename: part.filename, type: 'application/octet-stream' },
        );
        const { body: payload, type } = multipart(sent);
        const response = await request(app.callback()).post('/echo').set('Content-Type', type).send(payload);
        const fields = parts.filter((part) => part.kind === 'field');
        const files = parts.filter((part) => part.kind === 'file');
        const over =
          fields.length > LIMITS.fields || files.length > LIMITS.files || fields.some((f) => Buffer.byteLength(f.value) > LIMITS.fieldSize) || files.some((f) => f.size > LIMITS.fileSize);
        if (over) {
          expect(response.status, JSON.stringify(response.body)).to.equal(413);
          refused++;
        } else {
          expect(response.status, JSON.stringify(response.body)).to.equal(200);
          const expected: Record<string, string | string[]> = {};
          for (const f of fields) {
            const known = expected[f.name];
            expected[f.name] = known === undefined ? f.value : typeof known === 'string' ? [known, f.value] : [...known, f.value];
          }
          expect(response.body.fields).to.deep.equal(expected);
          const got = [...response.body.files].sort((a, b) => a.filename.localeCompare(b.filename) || a.fieldName.localeCompare(b.fieldName));
          const want = files
            .map((f) => ({ fieldName: f.name, filename: f.filename, size: f.size, content: Buffer.alloc(f.size, f.byte).toString('base64') }))
            .sort((a, b) => a.filename.localeCompare(b.filename) || a.fieldName.localeCompare(b.fieldName));
          expect(got).to.deep.equal(want);
          delivered++;
        }
        expect(await eventually(() => dir.files().length === 0), 'a temporary file was left behind').to.equal(true);
      }),
      { numRuns: 150 },
    );
    // An implementation that refused everything (or accepted everything) would fail here.
    expect(delivered, `delivered ${delivered}, refused ${refused}`).to.be.at.least(40);
    expect(refused).to.be.at.least(20);
  });
});
