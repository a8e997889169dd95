import type { RouteRecord } from '../model/route';
import type { Renderer } from '../model/renderer';

/** What the `?format=` parameter of a document reads: the app's `formatOverride` and its renderers. */
export interface FormatSource {
  /** `AppOptions.formatOverride`: the query parameter's name, `null` when off. */
  readonly formatOverride?: string | null;
  /** The app's renderers (those of routes that name none). */
  readonly offers?: { readonly offers: readonly { readonly renderer: Renderer }[] };
}

/**
 * The query parameter that picks a route's renderer by its format
 * (`?format=csv`, docs/renderers-and-parsers.md), or `null` when the app's
 * `formatOverride` is off or none of the route's renderers has a format.
 */
export function formatParameter(source: FormatSource, route: RouteRecord): Record<string, unknown> | null {
  const name = source.formatOverride ?? null;
  if (name === null) return null;
  const renderers = route.renderers ?? source.offers?.offers.map((offer) => offer.renderer) ?? [];
  const formats = [...new Set(renderers.map((renderer) => renderer.format).filter((format): format is string => format !== undefined))];
  if (formats.length === 0) return null;
  return {
    name,
    in: 'query',
    required: false,
    description: `The response format, chosen over the Accept header: one of ${formats.join(', ')}.`,
    schema: { type: 'string', enum: formats },
  };
}
