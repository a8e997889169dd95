import type { Middleware } from 'koa';
import type { Schema } from './schema';

/** An OpenAPI security requirement: scheme names (from `openapi.securitySchemes`) to the scopes needed, `[]` for none. */
export type SecurityRequirement = { readonly [scheme: string]: readonly string[] };

/**
 * A guard that says what it answers (docs/guards-and-injection.md): its
 * problem statuses (`[401, 403]`) and its security requirement
 * (`{ bearerAuth: [] }`, or a list of alternatives). The middleware runs
 * as any other; the rest only feeds `app.openapi()`.
 */
export interface DescribedGuard {
  readonly middleware: Middleware;
  /**
   * The problem statuses the guard may send, such as `[401, 403]` or `[429]`; `{ status, schema }`
   * when its error body has a shape of its own (docs/errors.md#in-the-documents).
   */
  readonly responses?: readonly (number | GuardResponse)[];
  /** What a client must present: one requirement, or a list of which any one will do. */
  readonly security?: SecurityRequirement | readonly SecurityRequirement[];
}

/** What `@Use()` and `include(..., { use })` take: plain middleware, a described guard, or middleware carrying `responses`/`security`. */
export type Guard = Middleware | DescribedGuard | (Middleware & Omit<DescribedGuard, 'middleware'>);

/** An error a guard sends whose body has a shape of its own: documented with `schema` under the app's error media type. */
export interface GuardResponse {
  readonly status: number;
  readonly schema?: Schema;
  readonly description?: string;
}

/** One described guard of a route, checked: statuses and its security alternatives (`[]`: it declares none). */
export interface GuardInfo {
  readonly responses: readonly number[];
  /** The responses given as `{ status, schema }`, for the documents. */
  readonly described?: readonly GuardResponse[];
  readonly security: readonly SecurityRequirement[];
}

/** A guard as the route table keeps it: the middleware to run and what it says of itself, `null` for plain middleware. */
export interface GuardEntry {
  readonly middleware: Middleware;
  readonly info: GuardInfo | null;
}
