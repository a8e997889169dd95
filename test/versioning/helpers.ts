import type { Context } from 'koa';
import request from 'supertest';
import { Controller, createApp, Ctx, Get, type AppOptions, type RouteSource, type VersioningScheme } from '../../src';

/** Reports what the request's versioning produced, and links reversed inside it. */
@Controller('/things')
export class Things {
  @Get('', 'things')
  list(@Ctx() ctx: Context) {
    return { version: ctx.version, link: ctx.reverse('thing', { id: 7 }) };
  }

  @Get('/:id', 'thing')
  one() {}
}

export function agent(versioning: VersioningScheme, routes: RouteSource[] = [Things], options: Partial<AppOptions> = {}) {
  return request.agent(createApp({ routes, versioning, ...options }).callback()).host('api.test');
}
