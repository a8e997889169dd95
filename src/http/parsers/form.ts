import { httpError } from '../../errors';
import type { FormBody, Parser } from '../../model/parser';
import { readText } from './text';

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
      return parseForm(await readText(ctx, limits.body, 'application/x-www-form-urlencoded'), limits.fields);
    },
  };
}

/** Form fields from urlencoded text (the WHATWG algorithm, strict about percent-encoding). */
export function parseForm(text: string, maxFields: number): FormBody {
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

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    throw httpError('INVALID_BODY', undefined, 'form');
  }
}
