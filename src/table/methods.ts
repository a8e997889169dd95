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
