import { ImproperlyConfigured } from '../errors';

/** What `@All()` answers, in @koa/router's order (a 405's `Allow` lists them so). */
export const ALL_METHODS: readonly string[] = Object.freeze(['HEAD', 'OPTIONS', 'GET', 'PUT', 'PATCH', 'POST', 'DELETE']);
const GET_METHODS: readonly string[] = Object.freeze(['HEAD', 'GET']);

/**
 * The request methods a route declared with `method` answers: HEAD too for
 * GET (@koa/router's rule and order), every method of `ALL_METHODS` for `ALL`.
 * The matcher, the shadowing check and the OpenAPI document all ask here.
 */
export function methodsOf(method: string): readonly string[] {
  if (method === 'ALL') return ALL_METHODS;
  if (method === 'GET') return GET_METHODS;
  return [method];
}

/** RFC 9110 §5.6.2's `token`: the characters a method name is made of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Methods no route may declare, and why (docs/methods.md#refused-methods). */
const REFUSED: Readonly<Record<string, string>> = {
  TRACE: 'TRACE echoes the request back, credentials and cookies included (cross-site tracing)',
  CONNECT: "CONNECT never reaches a Koa app: Node hands it to the server's 'connect' event as a tunnel",
};

/**
 * A route's method as declared (`@Route('purge', ...)`), checked and upper-cased
 * as @koa/router does: an RFC 9110 method token, not TRACE or CONNECT.
 * Node's parser delivers upper-case names only, so `purge` could never match as written.
 */
export function checkMethod(method: unknown, where: string): string {
  if (typeof method !== 'string' || !TOKEN.test(method)) {
    throw new ImproperlyConfigured(`${where}: ${JSON.stringify(method)} is not an HTTP method: a method is an RFC 9110 token such as 'PURGE' or 'REPORT' (letters, digits and !#$%&'*+-.^_\`|~).`);
  }
  const name = method.toUpperCase();
  if (Object.hasOwn(REFUSED, name)) throw new ImproperlyConfigured(`${where} declares a ${name} route, which waymark refuses: ${REFUSED[name]}. Remove the route (docs/methods.md#refused-methods).`);
  return name;
}
