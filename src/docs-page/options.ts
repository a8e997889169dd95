import type { Context } from 'koa';
import type { Guard } from '../model/guard';
import { isDeepStrictEqual } from 'node:util';
import { ImproperlyConfigured } from '../errors';
import type { OpenApiDocument } from '../openapi/document';
import { checkKeys, keysOf } from '../util/keys';

/** The options of `docsRoutes()`. */
export interface DocsRoutesOptions {
  /** Where the page is (default `'/docs'`); its documents and files are under it. */
  prefix?: string;
  /** Namespace of the routes `page`, `openapi` and `asset` (default `'docs'`: `docs:page`, ...). */
  namespace?: string;
  /** The page's title, and each document's `info.title` unless `info` gives one (default `'API documentation'`). */
  title?: string;
  /** Each document's `info` (`title`, `description`), as `app.openapi({ info })` takes it. */
  info?: { title?: string; description?: string };
  /**
   * The versions in the switcher, in order. Default: every version the app's
   * scheme allows (its default version when it allows any), read from the
   * app. Given, each must be allowed by the app's scheme, and the document
   * route's `version` requirement lists exactly them (`[]` for an app
   * without versioning: the route is `/openapi` alone).
   */
  versions?: readonly string[];
  /**
   * Edits each document before it is served: return the document to send.
   * Until the app describes its security schemes itself, this is where
   * `components.securitySchemes` and `security` go, so that the page shows
   * "Authorize". `ctx` is the request for the document; a URL built from its
   * `Host` would be the attacker's wherever a cache keeps the answer.
   * `true` instead lists the page's own routes in the API's documents and
   * generated clients, which leave them out otherwise (docs/docs-page.md#in-the-documents).
   */
  document?: boolean | DocsDocumentHook;
  /**
   * More Swagger UI settings, as JSON values (`docExpansion`, `filter`,
   * `tryItOutEnabled`, `persistAuthorization`, ...). `persistAuthorization`
   * is on unless set to `false`; `url`, `urls`, `dom_id` and `layout` are the page's own.
   */
  swaggerUi?: Readonly<Record<string, unknown>>;
  /** Koa middleware or described guards run before each route of the page (to keep the docs behind a sign-in, for instance). */
  use?: readonly Guard[];
}

/** `docsRoutes({ document })` as a function: edits each document before it is served. */
export type DocsDocumentHook = (document: OpenApiDocument, context: { version: string | null; ctx: Context }) => object | Promise<object>;

/** `DocsRoutesOptions` checked, with every default filled in. */
export interface ResolvedDocsOptions {
  readonly prefix: string;
  readonly namespace: string;
  readonly title: string;
  readonly info: { title: string; description?: string };
  readonly versions: readonly string[] | null;
  readonly document: DocsDocumentHook | null;
  /** `document: true`: the page's routes are in the API's documents. */
  readonly documented: boolean;
  readonly swaggerUi: Readonly<Record<string, unknown>>;
  readonly use: readonly Guard[];
}

const KNOWN = keysOf<DocsRoutesOptions>({ prefix: true, namespace: true, title: true, info: true, versions: true, document: true, swaggerUi: true, use: true });
const INFO_KEYS = keysOf<NonNullable<DocsRoutesOptions['info']>>({ title: true, description: true });
/** The settings the page sets itself: the switcher, where the UI goes, and the layout that shows the switcher. */
const PAGE_OWNED = ['url', 'urls', 'urls.primaryName', 'dom_id', 'domNode', 'layout', 'presets', 'plugins', 'spec', 'configUrl', 'oauth2RedirectUrl'];

export function resolveDocsOptions(options: DocsRoutesOptions): ResolvedDocsOptions {
  checkKeys('docsRoutes() options', options, KNOWN);
  const prefix = options.prefix ?? '/docs';
  if (typeof prefix !== 'string' || !(prefix === '' || prefix.startsWith('/')) || prefix.endsWith('/')) {
    throw new ImproperlyConfigured(`docsRoutes(): prefix must be a path such as '/docs' (starting with '/', not ending with one), got ${JSON.stringify(prefix)}.`);
  }
  const namespace = options.namespace ?? 'docs';
  if (typeof namespace !== 'string' || !/^[\w-]+$/.test(namespace)) {
    throw new ImproperlyConfigured(`docsRoutes(): namespace must be a word such as 'docs', got ${JSON.stringify(namespace)}.`);
  }
  const title = options.title ?? 'API documentation';
  if (typeof title !== 'string') throw new ImproperlyConfigured(`docsRoutes(): title must be a string, got ${JSON.stringify(title)}.`);
  checkKeys('docsRoutes() option info', options.info ?? {}, INFO_KEYS);
  const info = { title, ...options.info };
  for (const [key, value] of Object.entries(info)) {
    if (typeof value !== 'string') throw new ImproperlyConfigured(`docsRoutes(): info.${key} must be a string, got ${JSON.stringify(value)}.`);
  }
  return { prefix, namespace, title, info, versions: checkVersions(options.versions), document: checkDocument(options.document), documented: options.document === true, swaggerUi: checkSwaggerUi(options.swaggerUi), use: options.use ?? [] };
}

function checkVersions(versions: unknown): readonly string[] | null {
  if (versions === undefined) return null;
  if (!Array.isArray(versions) || versions.some((version) => typeof version !== 'string' || version === '' || version.includes('/'))) {
    throw new ImproperlyConfigured(`docsRoutes(): versions must be an array of version names such as ['v1', 'v2'], got ${JSON.stringify(versions)}.`);
  }
  if (new Set(versions).size !== versions.length) throw new ImproperlyConfigured(`docsRoutes(): versions lists a version twice: ${JSON.stringify(versions)}.`);
  return Object.freeze([...versions]);
}

function checkDocument(document: unknown): ResolvedDocsOptions['document'] {
  if (document === undefined || document === true || document === false) return null;
  if (typeof document !== 'function') throw new ImproperlyConfigured('docsRoutes(): document must be true (list the page\'s routes in the API\'s documents) or a function (document, { version, ctx }) => document.');
  return document as DocsDocumentHook;
}

/** The settings travel to the browser as JSON: a function would silently vanish on the way, so it is refused. */
function checkSwaggerUi(settings: unknown): Readonly<Record<string, unknown>> {
  const given = (settings ?? {}) as Record<string, unknown>;
  if (typeof given !== 'object' || Array.isArray(given)) throw new ImproperlyConfigured('docsRoutes(): swaggerUi must be an object of Swagger UI settings.');
  const owned = Object.keys(given).find((key) => PAGE_OWNED.includes(key));
  if (owned !== undefined) throw new ImproperlyConfigured(`docsRoutes(): swaggerUi.${owned} is set by the page itself; use the options prefix, versions and document instead.`);
  const copy: unknown = JSON.parse(JSON.stringify(given));
  if (!isDeepStrictEqual(given, copy)) {
    throw new ImproperlyConfigured('docsRoutes(): swaggerUi values must be JSON (strings, numbers, booleans, null, arrays, objects): they are sent to the browser.');
  }
  return Object.freeze({ deepLinking: true, displayOperationId: true, persistAuthorization: true, validatorUrl: null, ...(copy as Record<string, unknown>) });
}
