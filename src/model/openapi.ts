import type { Schema } from './schema';

/** The document-wide parts of an app's OpenAPI documents: `AppOptions.openapi` (docs/openapi.md). */
export interface OpenApiDocumentOptions {
  /**
   * The OpenAPI version the documents are written in: `'3.1'` (the default) or `'3.2'`, which
   * gives a stream's content its `itemSchema` and lists other methods under `additionalOperations`
   * (docs/streams.md#in-the-documents).
   */
  version?: '3.1' | '3.2';
  /** `title` (default `'API'`), `version` (default: the API version), `description`, and any other Info field (`license`, `contact`...). */
  info?: { title?: string; version?: string; description?: string; readonly [field: string]: unknown };
  /** Where the API is served (default: `origin`, else `/`; the host-name scheme's version hosts). */
  servers?: readonly { url: string; description?: string }[];
  /** The security schemes guards name in their `security` (`{ bearerAuth: { type: 'http', scheme: 'bearer' } }`). */
  securitySchemes?: { readonly [name: string]: { readonly type: string; readonly [field: string]: unknown } };
  /** Tag descriptions, in the order tools show them. */
  tags?: readonly { name: string; description?: string }[];
  /**
   * Payloads the API sends to its clients outside a request (`{ 'user.created': User }`): each
   * document lists them under `webhooks`, in its version's shape when the app has a version history
   * (docs/version-history.md#payloads-outside-requests).
   */
  webhooks?: { readonly [name: string]: Schema };
  /**
   * Schemas to list in `components.schemas` under these names (docs/openapi.md#components),
   * beside those named by a `$id` (TypeBox) or zod's `.meta({ id })`: where a route's schema is
   * one of them, the document writes a `$ref` to it. JSON Schema or Standard Schema validators.
   */
  components?: { readonly [name: string]: unknown };
}
