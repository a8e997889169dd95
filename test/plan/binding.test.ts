import { expect } from 'chai';
import request from 'supertest';
import { Body, Controller, createApp, Get, ImproperlyConfigured, Param, Post, Query, Header } from '../../src';
import { buildError } from '../fixtures/build-error';
import { compileAndRun } from '../fixtures/transpile';


/** Decorates `/m/:id` → `detail` by hand, so that TypeScript records no design types. */
function undecorated(controller: Function, params: (prototype: object) => void): void {
  params(controller.prototype);
  Get('/:id', 'detail')(controller.prototype, 'detail', Object.getOwnPropertyDescriptor(controller.prototype, 'detail') as PropertyDescriptor);
  Controller('/m')(controller);
}

describe('http/binding-plan: misconfiguration is ImproperlyConfigured at build time', () => {
  it('a route method whose parameter types were not recorded (no emitDecoratorMetadata)', () => {
    // What a transpiler without emitDecoratorMetadata produces: the decorators, no design:paramtypes.
    class NoMetadata {
      detail(id: unknown) {
        return id;
      }
    }
    undecorated(NoMetadata, (proto) => Param('id')(proto, 'detail', 0));
    const error = buildError(NoMetadata);
    expect(error).to.be.instanceOf(ImproperlyConfigured);
    expect(error.message).to.contain("NoMetadata.detail parameter 1 (@Param('id'))").and.contain('"emitDecoratorMetadata": true');
  });

  it('the same, compiled by TypeScript with experimentalDecorators but without emitDecoratorMetadata', () => {
    const { Users } = compileAndRun(
      `import { Controller, Get, Param } from 'waymark';
       @Controller('/users') export class Users { @Get('/:id', 'detail') detail(@Param('id') id: number) { return { id }; } }`,
      { experimentalDecorators: true, emitDecoratorMetadata: false },
    );
    const error = buildError(Users as Function);
    expect(error).to.be.instanceOf(ImproperlyConfigured);
    expect(error.message).to.contain("Users.detail parameter 1 (@Param('id'))").and.contain('"emitDecoratorMetadata": true');
  });

  it('...but not when every such parameter says its own type', async () => {
    class Explicit {
      detail(id: unknown, page: unknown) {
        return { id, page };
      }
    }
    undecorated(Explicit, (proto) => {
      Param('id', { type: Number })(proto, 'detail', 0);
      Query('page', { schema: { type: 'integer' } })(proto, 'detail', 1);
    });
    await request(createApp({ routes: [Explicit] }).callback()).get('/m/3?page=4').expect(200, { id: 3, page: 4 });
  });

  for (const [what, make, recorded] of [
    ['a union', () => { class U { @Get('', 'u') u(@Query('n') n: number | string) { return n; } } return U; }, 'Object'],
    ['an interface', () => { interface Filter { q: string } class I { @Get('', 'i') i(@Header('X-Filter') f: Filter) { return f; } } return I; }, 'Object'],
    ['any', () => { class A { @Get('/:id', 'a') a(@Param('id') id: any) { return id; } } return A; }, 'Object'],
    ['a class', () => { class Money {} class K { @Get('', 'k') k(@Query('m') m: Money) { return m; } } return K; }, 'Money'],
  ] as const) {
    it(`a parameter typed as ${what}, with neither type nor schema`, () => {
      const controller = make();
      Controller('/x')(controller);
      const error = buildError(controller);
      expect(error).to.be.instanceOf(ImproperlyConfigured);
      expect(error.message).to.contain(`${controller.name}.`).and.contain('parameter 1').and.contain(`recorded as ${recorded}`).and.contain('{ type: Number }');
    });
  }

  it('a union is fine with a schema, which then chooses the conversion', async () => {
    @Controller('/s')
    class Schema {
      @Get('', 's') s(@Query('n', { schema: { type: 'integer' } }) n: number | undefined) {
        return { n };
      }
    }
    await request(createApp({ routes: [Schema] }).callback()).get('/s?n=5').expect(200, { n: 5 });
  });

  it('@Param naming a parameter the route’s path does not have', () => {
    @Controller('/users')
    class Typo {
      @Get('/:id', 'detail') detail(@Param('idd') id: number) {
        return id;
      }
    }
    const error = buildError(Typo);
    expect(error).to.be.instanceOf(ImproperlyConfigured);
    expect(error.message).to.contain("Typo.detail parameter 1 (@Param('idd'))").and.contain("'/users/:id'").and.contain('it has: id');
  });

  it('@Param checked against every route of the method', () => {
    @Controller('')
    class Two {
      @Get('/a/:id', 'a')
      @Get('/b/:slug', 'b')
      m(@Param('id') id: string) {
        return id;
      }
    }
    expect(buildError(Two).message).to.contain("'/b/:slug'");
  });

  it('an Array path parameter', () => {
    @Controller('')
    class Path {
      @Get('/*rest', 'rest') rest(@Param('rest') rest: string[]) {
        return rest;
      }
    }
    expect(buildError(Path)).to.be.instanceOf(ImproperlyConfigured).with.property('message').that.contains('Path.rest').and.contains('not an Array');
  });

  it('an invalid schema, naming the route and the parameter', () => {
    @Controller('')
    class BadSchema {
      @Post('/p', 'p') p(@Body({ schema: { type: 'object', propertys: {} } }) body: object) {
        return body;
      }
    }
    expect(buildError(BadSchema)).to.be.instanceOf(ImproperlyConfigured).with.property('message').that.contains('BadSchema.p parameter 1 (@Body())').and.contains('propertys');
  });
});
