import { expect } from 'chai';
import type { Middleware } from 'koa';
import request from 'supertest';
import { Controller, createApp, Forbidden, Get, Use } from '../../src';

/** A guard that records its name, and refuses when the request says so. */
function guard(log: string[], name: string): Middleware {
  return async (ctx, next) => {
    log.push(name);
    if (ctx.get('X-Refuse') === name) throw new Forbidden(`${name} refused.`);
    await next();
  };
}

type Override = 'inherited' | 'bare' | 'with-use' | 'redecorated' | 'redecorated-with-use';
const OVERRIDES: readonly Override[] = ['inherited', 'bare', 'with-use', 'redecorated', 'redecorated-with-use'];

/** A base controller and a subclass, each with or without class- and method-level `@Use`, the subclass overriding the route method or not. */
function classes(log: string[], baseClass: boolean, baseMethod: boolean, subClass: boolean, override: Override): Function {
  const maybe = (on: boolean, name: string) => (on ? Use(guard(log, name)) : () => {});
  @maybe(baseClass, 'base-class')
  class Base {
    @maybe(baseMethod, 'base-method')
    @Get('/item/:id', 'item')
    item() {
      return { from: 'base' };
    }
  }
  const answer = () => ({ from: 'sub' });
  // Class declarations, not expressions: TypeScript's legacy decorators apply to declarations only.
  const bodies: Record<Override, () => Function> = {
    inherited: () => {
      class Inherited extends Base {}
      return Inherited;
    },
    bare: () => {
      class Bare extends Base {
        override item() {
          return answer();
        }
      }
      return Bare;
    },
    'with-use': () => {
      class WithUse extends Base {
        @Use(guard(log, 'sub-method')) override item() {
          return answer();
        }
      }
      return WithUse;
    },
    redecorated: () => {
      class Redecorated extends Base {
        @Get('/item/:id', 'item') override item() {
          return answer();
        }
      }
      return Redecorated;
    },
    'redecorated-with-use': () => {
      class RedecoratedWithUse extends Base {
        @Use(guard(log, 'sub-method')) @Get('/item/:id', 'item') override item() {
          return answer();
        }
      }
      return RedecoratedWithUse;
    },
  };
  const Sub = bodies[override]();
  maybe(subClass, 'sub-class')(Sub);
  Controller('/things')(Sub);
  return Sub;
}

describe('decorators/use: guards survive inheritance (guard_lost_through_inheritance)', () => {
  const cases: [boolean, boolean, boolean, Override][] = [];
  for (const baseClass of [false, true])
    for (const baseMethod of [false, true])
      for (const subClass of [false, true]) for (const override of OVERRIDES) cases.push([baseClass, baseMethod, subClass, override]);

  for (const [baseClass, baseMethod, subClass, override] of cases) {
    const label = `base class ${baseClass ? '@Use' : '-'}, base method ${baseMethod ? '@Use' : '-'}, subclass ${subClass ? '@Use' : '-'}, method ${override}`;
    it(`${label}: every declared guard runs, class guards first, base first`, async () => {
      const log: string[] = [];
      const app = createApp({ routes: [classes(log, baseClass, baseMethod, subClass, override)] });
      const expected = [
        ...(baseClass ? ['base-class'] : []),
        ...(subClass ? ['sub-class'] : []),
        ...(baseMethod ? ['base-method'] : []),
        ...(override.endsWith('with-use') ? ['sub-method'] : []),
      ];
      const response = await request(app.callback()).get('/things/item/1').expect(200);
      expect(response.body).to.deep.equal({ from: override === 'inherited' ? 'base' : 'sub' });
      expect(log).to.deep.equal(expected);
      for (const refusing of expected) {
        await request(app.callback()).get('/things/item/1').set('X-Refuse', refusing).expect(403);
      }
    });
  }

  it('a guard repeated on the override runs once', async () => {
    const log: string[] = [];
    const auth = guard(log, 'auth');
    @Controller('/a')
    class Base {
      @Use(auth) @Get('/x', 'x') x() {
        return 'base';
      }
    }
    @Controller('/a')
    class Sub extends Base {
      @Use(auth) override x() {
        return 'sub';
      }
    }
    await request(createApp({ routes: [Sub] }).callback()).get('/a/x').expect(200, '"sub"');
    expect(log).to.deep.equal(['auth']);
  });
});
