import { expect } from 'chai';
import { Body, Controller, Get, ImproperlyConfigured, Param, Post, Use } from '../../src';
import { compileAndRun } from '../fixtures/transpile';

/** Compiles `source` as a project without `experimentalDecorators` would (TC39 decorators), then runs it. */
const runStandard = (source: string) => compileAndRun(source, { experimentalDecorators: false, emitDecoratorMetadata: false });
const runStandardWithMetadata = (source: string) => compileAndRun(source, { experimentalDecorators: false, emitDecoratorMetadata: true });

/** A TC39 context object, as the standard decorator protocol passes it. */
const context = (kind: string, name?: string) => ({ kind, name, metadata: {}, addInitializer() {} });

describe('decorators/legacy', () => {
  it('a controller compiled without experimentalDecorators throws at class definition, naming the method and the fix', () => {
    const run = () =>
      runStandard(`
        import { Controller, Get } from 'waymark';
        @Controller('/users')
        export class Users { @Get('/:id', 'detail') detail() { return 1; } }
      `);
    expect(run).to.throw(ImproperlyConfigured).with.property('message').that.contains("@Get('/:id') on method detail").and.contains('"experimentalDecorators": true');
  });

  it('...also with parameter decorators and emitDecoratorMetadata, which TypeScript then drops or misplaces', () => {
    const run = () =>
      runStandardWithMetadata(`
        import { Controller, Get, Param } from 'waymark';
        @Controller('/users')
        export class Users { @Get('/:id', 'detail') detail(@Param('id') id: number) { return { id }; } }
      `);
    expect(run).to.throw(ImproperlyConfigured, /@Get\('\/:id'\) on method detail was called as a TC39 standard decorator/);
  });

  it('each decorator refuses the (value, context) call shape', () => {
    class Named {}
    const method = function list() {};
    expect(() => (Controller('/x') as (...a: unknown[]) => void)(Named, context('class', 'Named'))).to.throw(ImproperlyConfigured, /@Controller\('\/x'\) on class Named/);
    expect(() => (Post('/p') as (...a: unknown[]) => void)(method, context('method', 'list'))).to.throw(ImproperlyConfigured, /@Post\('\/p'\) on method list/);
    expect(() => (Use(async () => {}) as (...a: unknown[]) => void)(method, context('method', 'list'))).to.throw(ImproperlyConfigured, /@Use\(\) on method list/);
    expect(() => (Param('id') as (...a: unknown[]) => void)(undefined, context('field', 'id'))).to.throw(ImproperlyConfigured, /@Param\('id'\) on field id/);
    expect(() => (Body() as (...a: unknown[]) => void)(undefined, context('accessor', 'b'))).to.throw(ImproperlyConfigured, /@Body\(\)/);
  });

  it('still accepts the legacy shapes, including a property decorator call (target, key)', () => {
    class Target {
      m() {}
    }
    expect(() => (Get('/m') as (...a: unknown[]) => void)(Target.prototype, 'm', Object.getOwnPropertyDescriptor(Target.prototype, 'm'))).to.not.throw();
    expect(() => (Use(async () => {}) as (...a: unknown[]) => void)(Target.prototype, 'm')).to.not.throw();
    expect(() => (Controller() as (...a: unknown[]) => void)(Target)).to.not.throw();
  });
});
