/**
 * How deep a JSON body may nest. `JSON.parse` reads any depth, but rendering
 * (`JSON.stringify`) and schema validation recurse, and overflow the stack a few
 * thousand levels down: a handler that echoes such a body would answer 500.
 * 256 is far beyond what an API document needs (koa-bodyparser and Fastify set
 * no bound; NestJS's class-transformer recurses too).
 */
export const MAX_BODY_DEPTH = 256;

/**
 * Whether JSON text nests deeper than `max` arrays/objects. One pass over the
 * text, skipping string contents, so it costs the same as reading the body once
 * and never recurses itself.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
