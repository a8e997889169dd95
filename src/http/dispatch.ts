import { Readable } from 'node:stream';
import type { Context, Middleware, Next } from 'koa';
import { MethodNotAllowed, NotFound } from '../errors';
import { asError, sendProblem, toProblem } from './problem';
import { bindArguments } from './binding';
import type { Candidate, Matcher } from './matcher';

type Handler = (...args: unknown[]) => unknown;

/**
 * The outermost middleware: whatever is thrown below it (including `null`,
 * which Koa would leave hanging) becomes a problem document. Server errors
 * are reported on the app's `error` event, as Koa does.
 */
export async function errorBoundary(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
    const problem = toProblem(error);
    if (problem.status >= 500) ctx.app.emit('error', asError(error), ctx);
    if (ctx.headerSent || !ctx.writable) return;
    sendProblem(ctx, problem);
  }
}

/** Chooses the route among the candidates; the versioning layer replaces this. */
export type Choose = (ctx: Context, candidates: Candidate[]) => Candidate;

/**
 * The innermost middleware: matches the request, binds the handler's
 * arguments, calls it on the app's controller instance, and renders the result.
 */
export function dispatcher(matcher: Matcher, instances: ReadonlyMap<Function, object>, choose: Choose): Middleware {
  return async (ctx) => {
    const result = matcher.match(ctx.method, ctx.path);
    if (result.kind === 'none') throw new NotFound();
    if (result.kind === 'method') {
      if (ctx.method !== 'OPTIONS') throw new MethodNotAllowed(result.allowed);
      ctx.set('Allow', [...result.allowed, 'OPTIONS'].join(', '));
      ctx.status = 204;
      return;
    }
    const { route, params } = choose(ctx, result.candidates);
    ctx.route = { name: route.fullName, namespace: route.namespace, pattern: route.pattern.source, params };
    ctx.params = params;
    const args = await bindArguments(ctx, route, params);
    const instance = instances.get(route.controller) as Record<string | symbol, Handler>;
    render(ctx, await instance[route.handler](...args));
  };
}

/**
 * A returned value becomes the JSON body (`null` included); buffers and
 * streams pass through. Serialising here, not in Koa's respond step, means a
 * circular or BigInt value is a 500 problem document instead of a broken reply.
 */
function render(ctx: Context, returned: unknown): void {
  let value = returned;
  if (value === undefined) {
    if (ctx.body == null) {
      if (ctx.status === 404) ctx.status = 204;
      return;
    }
    if (typeof ctx.body === 'string' || isRaw(ctx.body)) return;
    value = ctx.body;
  } else if (isRaw(value)) {
    ctx.body = value;
    return;
  }
  if (!ctx.response.get('Content-Type')) ctx.type = 'application/json';
  ctx.body = JSON.stringify(value);
}

function isRaw(value: unknown): boolean {
  return value instanceof Uint8Array || value instanceof Readable;
}
