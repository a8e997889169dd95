import type { RendererEntry } from './renderer';
import type { ParserEntry } from './parser';
import type { Schema } from './schema';
import type { VersioningScheme } from './scheme';
import type { ParamHooks } from './param-hooks';

/** `RouteOptions.stream`: how a stream route writes (docs/streams.md). */
export interface StreamOptions {
  /** Milliseconds between the comment lines that keep an SSE connection open through proxies (default 15 000; 0: none). */
  heartbeat?: number;
}

/** One documented response of a route: `RouteOptions.responses['201']`. */
export interface DocumentedResponse {
  /** Shown beside the status (default: its reason phrase, `Created`). */
  description?: string;
  /**
   * The body's schema, served in each of the app's media types: a JSON Schema
   * (a TypeBox value) or a Standard Schema validator. A value the handler
   * returns with this status is written by a serializer compiled from it, so
   * undeclared fields are never sent (docs/contracts.md).
   */
  schema?: Schema;
  /**
   * The schema of each item of a stream (docs/streams.md): the handler returns
   * an async iterable, and each item it yields is validated, converted for the
   * request's version and written by a serializer compiled from this schema,
   * as one Server-Sent Event or one line of JSON Lines. Instead of `schema`.
   */
  items?: Schema;
  /**
   * The media types the body is sent in (`['text/html']`, `['text/csv']`);
   * default: the app's `mediaTypes` (JSON), as negotiated.
   */
  mediaTypes?: readonly string[];
  /** Headers the handler sets on this response, documented as the response's `headers` (docs/declaring-what-handlers-decide.md). */
  headers?: { readonly [name: string]: DocumentedHeader };
}

/** One header of a documented response: `responses['201'].headers.ETag`. */
export interface DocumentedHeader {
  description?: string;
  /** The header value's schema (default: a string). */
  schema?: Schema;
}

/** What a route says about itself for `app.openapi()` (docs/openapi.md). */
export interface RouteDocs {
  /** Documented responses by status (`'200'`, `'4XX'`, `'default'`). */
  responses?: { readonly [status: string]: DocumentedResponse };
  summary?: string;
  description?: string;
  tags?: readonly string[];
  /**
   * The status when the handler sets none (2xx or 3xx); without it, the one
   * 2xx that `responses` declare, else 200 (204 for nothing returned).
   * Documented alone (docs/declaring-what-handlers-decide.md).
   */
  status?: number;
  /** Set on every success response of the route, and documented on it. */
  headers?: { readonly [name: string]: string };
  /** How the route's stream is written (docs/streams.md): `heartbeat`, the milliseconds between SSE comment lines. */
  stream?: StreamOptions;
  /** The operation's `operationId` in the documents (`'Login'`), over the one derived from the route name; unique per document (docs/openapi.md#operation-ids). */
  operationId?: string;
}

/** `responses`, `summary`, `description` and `tags` document the route in `app.openapi()`. */
export interface RouteOptions extends RouteDocs {
  /** Route name inside its namespace, e.g. `'users-detail'`. */
  name?: string;
  /** Per-parameter constraint, matched against the whole value when matching and when reversing. */
  requirements?: Record<string, RegExp | string>;
  /** Versions this route serves (docs/versioning.md). */
  versions?: readonly (string | null)[];
  /** The renderers this route answers with, in order of preference; overrides its controller's, includes' and app's (docs/renderers-and-parsers.md). */
  renderers?: readonly RendererEntry[];
  /** The body parsers of this route, over its controller's, includes' and app's (docs/renderers-and-parsers.md#parsers). */
  parsers?: readonly ParserEntry[];
}

/**
 * Whether a trailing `/` matters (docs/trailing-slash.md): `'optional'`
 * (default) matches `/users` and `/users/` alike; `'strict'` matches each
 * only as declared; `'redirect'` matches as declared and answers the other
 * form with a 308 to the declared one (Django's `APPEND_SLASH`, both ways).
 */
export type TrailingSlash = 'optional' | 'strict' | 'redirect';

export interface ControllerOptions {
  /** Whether a trailing `/` matters on this controller's routes, over its includes' and the app's (docs/trailing-slash.md). */
  trailingSlash?: TrailingSlash;
  /** Adds a namespace level: `'users'` makes route names `users:<route name>`. */
  namespace?: string;
  /** Overrides the app's versioning scheme for this controller; `null` turns versioning off. */
  versioning?: VersioningScheme | null;
  /** Versions every route of this controller serves (docs/versioning.md). */
  versions?: readonly (string | null)[];
  /** The renderers of this controller's routes, unless a route names its own (docs/renderers-and-parsers.md). */
  renderers?: readonly RendererEntry[];
  /** The body parsers of this controller's routes, over its includes' and the app's (docs/renderers-and-parsers.md#parsers). */
  parsers?: readonly ParserEntry[];
  /** Parameter hooks of this controller's routes, after the app's and the includes' (docs/coming-from-koa-router.md#parameter-hooks). */
  params?: ParamHooks;
  /** The hosts this controller's routes serve: `'api.example.com'`, `':tenant.example.com'`, a RegExp, or a list (docs/coming-from-koa-router.md#hosts). */
  host?: string | RegExp | readonly (string | RegExp)[];
}
