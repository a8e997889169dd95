import 'reflect-metadata';
import { createServer } from 'node:http';
import type { Context } from 'koa';
import { Controller, Cookie, createApp, createParameter, Ctx, Get, Param } from '../../src';
import { serve, timed } from './serve';

interface User {
  id: number;
}
const CurrentUser = createParameter((ctx) => ctx.state.user as User | undefined, { required: true, responses: [401] });

/** What the handler decides, declared: status, headers, a custom parameter and a cookie (docs/declaring-what-handlers-decide.md). */
@Controller('/users')
class Declared {
  @Get('/:id', { name: 'users-detail', status: 203, headers: { 'Cache-Control': 'no-store' } })
  detail(@Param('id') id: number, @CurrentUser() user: User, @Cookie('theme') theme?: string) {
    return { id, by: user.id, theme };
  }
}

/** `--ctx`: the same route written with `ctx`. */
@Controller('/users')
class WithCtx {
  @Get('/:id', 'users-detail') detail(@Param('id') id: number, @Ctx() ctx: Context) {
    const user = ctx.state.user as User | undefined;
    if (user === undefined) ctx.throw(401);
    ctx.status = 203;
    ctx.set('Cache-Control', 'no-store');
    return { id, by: user.id, theme: ctx.cookies.get('theme') };
  }
}

const { value: app, buildMs } = timed(() => createApp({ routes: [process.argv.includes('--ctx') ? WithCtx : Declared] }));
app.use(async (ctx, next) => {
  ctx.state.user = { id: 1 };
  await next();
});
serve(createServer(app.callback()), buildMs);
