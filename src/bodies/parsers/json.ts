import type { Context } from 'koa';
import { httpError } from '../../errors';
import type { Parser } from '../../model/parser';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '../json-depth';
import { coBody } from './co-body';

/**
 * Reads `application/json` (and `+json` types such as `application/merge-patch+json`):
 * the default parser of every route. Strict JSON (an object or an array at the top,
 * as co-body's `strict`), `__proto__` keys refused (prototype poisoning), at most
 * 256 levels deep (deeper is a 400: echoing it would overflow the stack).
 *
 * @example
 * ```ts
 * @Controller('/notes')
 * class Notes {
 *   @Post('', { name: 'create', parsers: [JSONParser()] }) create(@Body() note: { text: string }) {
 *     return { length: note.text.length };
 *   }
 * }
 * const app = createApp({ routes: [Notes] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const response = await fetch(`http://127.0.0.1:${port}/notes`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"text":"hello"}' });
 * assert.deepEqual(await response.json(), { length: 5 });
 * server.close();
 * ```
 */
export function JSONParser(): Parser {
  return { mediaType: 'application/json', matches: ['+json'], parse: parseJson };
}

async function parseJson(ctx: Context, limits: { body: number }): Promise<unknown> {
  let body: { parsed: unknown; raw: string };
  try {
    body = await coBody().json(ctx, { limit: limits.body, strict: true, returnRawBody: true });
  } catch (error) {
    throw httpError((error as { status?: number }).status === 413 ? 'BODY_TOO_LARGE' : 'INVALID_BODY');
  }
  if (nestsDeeperThan(body.raw, MAX_BODY_DEPTH)) throw httpError('INVALID_BODY', { max: String(MAX_BODY_DEPTH) }, 'tooDeep');
  // co-body answers `{}` for a chunked body with nothing in it; that is no body.
  return body.raw === '' ? undefined : body.parsed;
}
