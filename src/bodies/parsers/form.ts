import { httpError, messageOf, UnsupportedMediaType } from '../../errors';
import type { FormBody, Parser } from '../../model/parser';
import { bodyError } from './text';
import { coBody } from './co-body';

/**
 * Reads `application/x-www-form-urlencoded` into an object of strings (a
 * name sent several times gives an array, in order): a plain split on `&`
 * and `=`, no nesting (`a[b]=1` is the field `a[b]`), so no prototype can be
 * reached. Malformed percent-encoding is a 400; more than `limits.fields`
 * fields or `limits.body` bytes a 413. `@Body({ schema })` coerces the
 * strings to the schema's types (docs/renderers-and-parsers.md#parsers).
 *
 * @example
 * ```ts
 * @Controller('/login', { parsers: [FormParser()] })
 * class Login {
 *   @Post('', 'login') login(@Body({ schema: { type: 'object', properties: { user: { type: 'string' }, remember: { type: 'boolean' } } } }) form: { user: string; remember: boolean }) {
 *     return form;
 *   }
 * }
 * const app = createApp({ routes: [Login] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const response = await fetch(`http://127.0.0.1:${port}/login`, { method: 'POST', body: new URLSearchParams({ user: 'ada', remember: 'true' }) });
 * assert.deepEqual(await response.json(), { user: 'ada', remember: true });
 * server.close();
 * ```
 */
export function FormParser(): Parser {
  return {
    mediaType: 'application/x-www-form-urlencoded',
    form: true,
    async parse(ctx, limits) {
      const decoder = decoderOf(ctx.request.charset || 'utf-8');
      let text: string;
      try {
        // One character per byte: percent-escapes and raw bytes are then decoded alike, in the body's charset.
        text = await coBody().text(ctx, { limit: limits.body, encoding: 'latin1' });
      } catch (error) {
        throw bodyError(error, 'application/x-www-form-urlencoded; charset=utf-8');
      }
      return parseForm(text, limits.fields, decoder);
    },
  };
}

/** Turns a field's bytes into text: UTF-8 unless the body names another charset. */
type Decode = (bytes: Uint8Array) => string;

const utf8: Decode = (bytes) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

/**
 * The decoder of a form's `charset`, as Django decodes a form: ISO-8859-1 byte
 * for byte (TextDecoder would read it as windows-1252), any other label the
 * WHATWG Encoding standard knows through TextDecoder, another a 415.
 */
function decoderOf(charset: string): Decode {
  const label = charset.toLowerCase();
  if (label === 'utf-8' || label === 'utf8') return utf8;
  if (label === 'iso-8859-1' || label === 'latin1' || label === 'l1' || label === 'iso_8859-1') return (bytes) => Buffer.from(bytes).toString('latin1');
  try {
    new TextDecoder(label);
  } catch {
    throw new UnsupportedMediaType(messageOf('UNSUPPORTED_MEDIA_TYPE', { types: 'application/x-www-form-urlencoded; charset=utf-8' }, 'accepted'));
  }
  return (bytes) => new TextDecoder(label, { fatal: true }).decode(bytes);
}

/**
 * Form fields from urlencoded text read one character per byte (the WHATWG
 * algorithm, strict about percent-encoding), each name and value decoded
 * with `decodeBytes`.
 */
export function parseForm(text: string, maxFields: number, decodeBytes: Decode): FormBody {
  const decode = (part: string) => decodeField(part, decodeBytes);
  const fields: FormBody = Object.create(null);
  if (text === '') return fields;
  let count = 0;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    if (++count > maxFields) throw httpError('BODY_TOO_LARGE', { limit: 'limits.fields', max: String(maxFields) }, 'limit');
    const at = pair.indexOf('=');
    const name = decode(at === -1 ? pair : pair.slice(0, at));
    addField(fields, name, at === -1 ? '' : decode(pair.slice(at + 1)));
  }
  return fields;
}

/** A repeated name collects its values in order (DRF's `QueryDict.getlist`). */
export function addField(fields: FormBody, name: string, value: string): void {
  const known = fields[name];
  if (known === undefined) fields[name] = value;
  else if (typeof known === 'string') fields[name] = [known, value];
  else known.push(value);
}

/** A field read one character per byte: `+` a space, `%XX` the byte, bytes decoded together; a broken escape or bytes the charset cannot read are a 400. */
function decodeField(text: string, decode: Decode): string {
  const bytes = new Uint8Array(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x25) {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9a-f]{2}$/i.test(hex)) throw httpError('INVALID_BODY', undefined, 'form');
      bytes[length++] = Number.parseInt(hex, 16);
      i += 2;
    } else bytes[length++] = code === 0x2b ? 0x20 : code;
  }
  try {
    return decode(bytes.subarray(0, length));
  } catch {
    throw httpError('INVALID_BODY', undefined, 'form');
  }
}
