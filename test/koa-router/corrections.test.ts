import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import { Controller, createApp, Ctx, Get } from '../../src';
import { routesOf } from '../../src/decorators/routes';

// Found porting @koa/router's own tests (docs/coming-from-koa-router.md).
describe('koa-router/corrections', () => {
  describe('a status the handler set and no body keeps that status', () => {
    @Controller('')
    class Statuses {
      @Get('/missing') missing(@Ctx() ctx: Context) {
        ctx.status = 404;
      }
      @Get('/accepted') accepted(@Ctx() ctx: Context) {
        ctx.status = 202;
      }
      @Get('/nothing') nothing() {}
    }

    // Regression: an explicit 404 answered 204 (read as Koa's provisional 404).
    it('an explicit 404 is a 404, not a 204', async () => {
      await request(createApp({ routes: [Statuses] }).callback()).get('/missing').expect(404);
    });

    it('an explicit 202 stays, and nothing set still answers 204', async () => {
      const agent = request(createApp({ routes: [Statuses] }).callback());
      await agent.get('/accepted').expect(202);
      await agent.get('/nothing').expect(204);
    });
  });

  describe('stacked route decorators register in source order', () => {
    @Controller('')
    class Stacked {
      @Get('/one', 'shared')
      @Get('/two', 'shared')
      @Get('/three')
      both() {
        return { ok: true };
      }
      @Get('/after') after() {}
    }

    // Regression: the bottom decorator came first, and the shared name reversed to '/two'.
    it('top to bottom, as they read', () => {
      expect(routesOf(Stacked).map((route) => route.path)).to.deep.equal(['/one', '/two', '/three', '/after']);
    });

    it('a name shared by two reverses to the top one', () => {
      expect(createApp({ routes: [Stacked] }).url('shared')).to.equal('/one');
    });
  });
});
