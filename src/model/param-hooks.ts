import type { Context, Next } from 'koa';
import type { GuardResponse, SecurityRequirement } from './guard';

/**
 * Middleware bound to a parameter name (@koa/router's `router.param()`): called with the
 * parameter's raw value (before conversion) for each route that has the parameter, before
 * the route's middleware and guards (docs/coming-from-koa-router.md#parameter-hooks).
 */
export type ParamHook = (value: string, ctx: Context, next: Next) => unknown;

/** A hook that says what it answers, documented as a described guard is (docs/guards-and-injection.md). */
export interface DescribedParamHook {
  readonly hook: ParamHook;
  readonly responses?: readonly (number | GuardResponse)[];
  readonly security?: SecurityRequirement | readonly SecurityRequirement[];
}

/** `params` of `createApp()`, `include()` and `@Controller()`: parameter name to its hook. */
export interface ParamHooks {
  readonly [name: string]: ParamHook | DescribedParamHook;
}
