import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import { Controller, createApp, Ctx, Get } from '../../src';

@Controller('/users')
class Users {
  @Get('/:id', 'detail') detail(@Ctx() ctx: Context) {
    return { request: ctx.request.params, same: ctx.request.params === ctx.params, path: ctx.path };
  }
}

describe('koa-router/context: what @koa/router users read (docs/coming-from-koa-router.md#the-context)', () => {
  it('ctx.request.params is ctx.params', async () => {
    const { body } = await request(createApp({ routes: [Users] }).callback()).get('/users/7').expect(200);
    expect(body).to.deep.equal({ request: { id: '7' }, same: true, path: '/users/7' });
  });

  it('ctx.routerPath set before routing is the path routed on', async () => {
    const app = createApp({ routes: [Users] });
    app.use((ctx, next) => {
      if (ctx.path.startsWith('/mounted/')) ctx.routerPath = ctx.path.slice('/mounted'.length);
      return next();
    });
    const { body } = await request(app.callback()).get('/mounted/users/8').expect(200);
    expect(body).to.deep.equal({ request: { id: '8' }, same: true, path: '/mounted/users/8' });
    await request(app.callback()).get('/users/9').expect(200);
    await request(app.callback()).get('/mounted/nothing').expect(404);
  });
});
