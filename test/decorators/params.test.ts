import { expect } from 'chai';
import { Body, Get, Header, ImproperlyConfigured, Param, Query, type ParamType } from '../../src';
import { bindingsOf } from '../../src/decorators/params';

describe('decorators/params', () => {
  it('records options (a copy), the design type and whether TypeScript recorded types at all', () => {
    const schema = { type: 'integer', minimum: 1 };
    const options = { required: true, schema };
    class A {
      @Get('/:id') m(@Param('id', { type: Number }) id: string, @Query('page', options) page: number, @Body({ required: true }) body: object) {}
    }
    options.required = false;
    expect(bindingsOf(A.prototype, 'm').map((b) => [b.source, b.name, b.type, b.designed, b.options])).to.deep.equal([
      ['param', 'id', String, true, { type: Number }],
      ['query', 'page', Number, true, { required: true, schema }],
      ['body', undefined, Object, true, { required: true }],
    ]);
  });

  it('notices when no design:paramtypes were recorded', () => {
    class B {
      m(_id: unknown) {}
    }
    Param('id')(B.prototype, 'm', 0); // as a transpiler without emitDecoratorMetadata leaves it
    expect(bindingsOf(B.prototype, 'm')[0]).to.deep.include({ type: undefined, designed: false });
  });

  it('lower-cases header names', () => {
    class C {
      @Get() m(@Header('X-Request-Id') id: string) {}
    }
    expect(bindingsOf(C.prototype, 'm')[0].name).to.equal('x-request-id');
  });

  const bad: [string, () => unknown, RegExp][] = [
    ['an unknown option', () => Query('q', { typ: Number } as never), /unknown option "typ"/],
    ['a type waymark cannot convert to', () => Query('q', { type: Map as unknown as ParamType }), /type must be String, Number, Boolean, Date or Array/],
    ['a required that is not a boolean', () => Query('q', { required: 'yes' as never }), /required must be true or false/],
    ['a schema that is not an object', () => Query('q', { schema: 'integer' as never }), /schema must be a JSON Schema/],
    ['a type on @Body()', () => Body({ type: String } as never), /unknown option "type"/],
  ];
  for (const [what, decorate, message] of bad) {
    it(`refuses ${what} when the class is defined, naming Class.method`, () => {
      let error: unknown;
      try {
        class D {
          m(_x: unknown) {}
        }
        (decorate() as ParameterDecorator)(D.prototype, 'm', 0);
      } catch (caught) {
        error = caught;
      }
      expect(error).to.be.instanceOf(ImproperlyConfigured);
      expect((error as Error).message).to.match(message).and.contain('D.m');
    });
  }

  it('refuses an empty or missing name at once', () => {
    expect(() => Param('')).to.throw(ImproperlyConfigured, /needs the name/);
    expect(() => Header(undefined as unknown as string)).to.throw(ImproperlyConfigured, /needs the name/);
  });
});
