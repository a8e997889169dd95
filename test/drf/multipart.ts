import fc from 'fast-check';

/** One part of a generated multipart body: a field (no filename) or a file. */
interface Part {
  name: string;
  filename: string | null;
  type: string | null;
  content: Buffer;
}

const pick = <T>(...values: T[]) => fc.constantFrom(...values);

/** Contents that can never hold the boundary: bytes 0x00-0x7f without '-', or a long run of one byte. */
const contentArb: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 20, arbitrary: fc.uint8Array({ maxLength: 3000 }).map((bytes) => Buffer.from(bytes.map((b) => (b & 0x7f) === 0x2d ? 0x2e : b))) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 60_000, max: 140_000 }), fc.integer({ min: 0x61, max: 0x7a })).map(([size, byte]) => Buffer.alloc(size, byte)) },
);
const fieldValueArb = pick('hello', '', 'a b', 'line\r\nbreak', 'é😀', '--not-the-boundary', 'x'.repeat(5000)).map((text) => Buffer.from(text));

const fieldArb: fc.Arbitrary<Part> = fc.record({
  name: pick('a', 'b', 'title', 'a[b]', 'x y', 'é'),
  filename: fc.constant(null),
  type: fc.constant(null),
  content: fieldValueArb,
});
const fileArb: fc.Arbitrary<Part> = fc.record({
  name: pick('f', 'doc', 'doc', 'photos', 'photos'),
  filename: fc.oneof({ weight: 8, arbitrary: pick('a.txt', 'photo.jpg', 'report.csv', 'weird name.bin', 'é.txt') }, { weight: 2, arbitrary: pick('../up.txt', 'dir/x.bin', 'C:\\tmp\\x.txt', '', '..', 'a\u0000b.txt') }),
  type: fc.option(pick('text/plain', 'application/octet-stream', 'image/png', 'text/csv; charset=utf-8'), { freq: 6 }),
  content: contentArb,
});

function encodePart(boundary: string, part: Part): Buffer {
  const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename === null ? '' : `; filename="${part.filename}"`}`;
  const head = [`--${boundary}`, disposition, ...(part.type === null ? [] : [`Content-Type: ${part.type}`]), '', ''].join('\r\n');
  return Buffer.concat([Buffer.from(head), part.content, Buffer.from('\r\n')]);
}

/** How the body ends or is framed: whole, cut short, without its closing delimiter, or with text around it. */
const shapeArb = pick('whole', 'whole', 'whole', 'whole', 'whole', 'truncated', 'unclosed', 'preamble', 'epilogue');

/** How Content-Type names the boundary (or fails to). */
const typeArb = pick('plain', 'plain', 'plain', 'quoted', 'capitals', 'charset', 'missing', 'wrong', 'mixed');

function contentType(kind: string, boundary: string): string {
  switch (kind) {
    case 'quoted':
      return `multipart/form-data; boundary="${boundary}"`;
    case 'capitals':
      return `Multipart/Form-Data; Boundary=${boundary}`;
    case 'charset':
      return `multipart/form-data; charset=utf-8; boundary=${boundary}`;
    case 'missing':
      return 'multipart/form-data';
    case 'wrong':
      return 'multipart/form-data; boundary=other';
    case 'mixed':
      return `multipart/mixed; boundary=${boundary}`;
    default:
      return `multipart/form-data; boundary=${boundary}`;
  }
}

/** A multipart/form-data body of fields and files (several under one name), well or badly framed, and its Content-Type. */
export const multipartArb: fc.Arbitrary<{ type: string; bytes: Buffer }> = fc
  .record({
    boundary: pick('XyZ123', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'a_b.c', '0'),
    parts: fc.array(fc.oneof(fieldArb, fileArb), { maxLength: 6 }),
    shape: shapeArb,
    type: typeArb,
    cut: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
  })
  .map(({ boundary, parts, shape, type, cut }) => {
    const body = Buffer.concat([
      Buffer.from(shape === 'preamble' ? 'This is a preamble.\r\n' : ''),
      ...parts.map((part) => encodePart(boundary, part)),
      Buffer.from(shape === 'unclosed' ? '' : `--${boundary}--\r\n`),
      Buffer.from(shape === 'epilogue' ? 'This is an epilogue.\r\n' : ''),
    ]);
    return { type: contentType(type, boundary), bytes: shape === 'truncated' ? body.subarray(0, Math.floor(body.length * cut)) : body };
  });
