import type { Renderer } from '../model/renderer';

/**
 * JSON, the default renderer: the value as `JSON.stringify` writes it (a
 * route's response schema writes it instead, docs/contracts.md). To send JSON
 * under another media type, spread it: `{ ...JSONRenderer, mediaType: 'application/vnd.api+json' }`;
 * the app's `mediaTypes` option does that for each type it lists.
 *
 * @example
 * ```ts
 * assert.equal(JSONRenderer.mediaType, 'application/json');
 * assert.equal(JSONRenderer.render({ id: 1 }, {} as never), '{"id":1}');
 * ```
 */
export const JSONRenderer: Renderer = Object.freeze({
  mediaType: 'application/json',
  format: 'json',
  render: (value: unknown) => JSON.stringify(value),
});

/**
 * `text/plain`: strings as written; any other value as its JSON text, so that
 * an object never becomes `[object Object]` (docs/renderers-and-parsers.md).
 *
 * @example
 * ```ts
 * assert.equal(TextRenderer.render('hello', {} as never), 'hello');
 * assert.equal(TextRenderer.render({ a: 1 }, {} as never), '{"a":1}');
 * ```
 */
export const TextRenderer: Renderer = Object.freeze({
  mediaType: 'text/plain',
  format: 'txt',
  render: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
});

/**
 * `text/html`: strings as written (the handler's page). Any other value is
 * its JSON text HTML-escaped inside `<pre>`, so that data never becomes markup
 * (a name `<script>` stays text) (docs/renderers-and-parsers.md).
 *
 * @example
 * ```ts
 * assert.equal(HTMLRenderer.render('<h1>Hi</h1>', {} as never), '<h1>Hi</h1>');
 * assert.equal(HTMLRenderer.render({ name: '<b>' }, {} as never), '<pre>{&quot;name&quot;:&quot;&lt;b&gt;&quot;}</pre>');
 * ```
 */
export const HTMLRenderer: Renderer = Object.freeze({
  mediaType: 'text/html',
  format: 'html',
  render: (value: unknown) => (typeof value === 'string' ? value : `<pre>${escapeHtml(JSON.stringify(value) ?? '')}</pre>`),
});

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** Whether `renderer` writes JSON (the built-in, under any media type): such a route keeps the JSON path and its contracts. */
export function writesJson(renderer: Renderer): boolean {
  return renderer.render === JSONRenderer.render;
}
