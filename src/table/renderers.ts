import { ImproperlyConfigured } from '../errors';
import { describeEntry, describeGiven, madeBy } from './factory';
import type { Renderer, RendererEntry } from '../model/renderer';

const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+(?:\s*;.*)?$/;
const A_RENDERER = 'a renderer { mediaType, format?, render(value, ctx) }';

/**
 * A list of renderers checked when the app is built: a non-empty array of
 * renderers with a concrete media type and a `render` function, each an
 * object or a factory passed uncalled (docs/renderers-and-parsers.md#instances-or-factories).
 * Two renderers may share a format (JSON under two media types): `?format=` keeps both, as DRF does.
 * `where` names the option (`renderers of Users.export`).
 */
export function checkRenderers(renderers: unknown, where: string): readonly Renderer[] {
  const fix = 'such as [JSONRenderer, TextRenderer] (docs/renderers-and-parsers.md)';
  if (!Array.isArray(renderers) || renderers.length === 0) throw new ImproperlyConfigured(`${where} must be a non-empty array of renderers ${fix}, got ${describeGiven(renderers)}.`);
  return Object.freeze(
    renderers.map((entry: RendererEntry, index) => {
      const at = `${where} entry ${index + 1}`;
      const renderer = madeBy(entry, at, A_RENDERER) as Partial<Renderer> | null;
      if (typeof renderer !== 'object' || renderer === null || typeof renderer.render !== 'function') {
        throw new ImproperlyConfigured(`${at} must be ${A_RENDERER} or a factory of one such as () => csv, ${fix}, got ${describeEntry(entry, renderer)}.`);
      }
      if (typeof renderer.mediaType !== 'string' || !MEDIA_TYPE.test(renderer.mediaType)) {
        throw new ImproperlyConfigured(`${at} has mediaType ${JSON.stringify(renderer.mediaType)}: give a concrete media type such as 'text/csv' (no wildcard).`);
      }
      if (renderer.format !== undefined && (typeof renderer.format !== 'string' || renderer.format === '')) {
        throw new ImproperlyConfigured(`${at} has format ${JSON.stringify(renderer.format)}: give a non-empty string such as 'csv', or none.`);
      }
      return renderer as Renderer;
    }),
  );
}
