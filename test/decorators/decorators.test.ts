import { expect } from 'chai';
import { All, Body, Controller, Ctx, Delete, Get, Head, Header, Options, Param, Params, Patch, Post, Put, Queries, Query, Version } from '../../src';
import { controllerMetadata } from '../../src/decorators/controller';
import { bindingsOf } from '../../src/decorators/params';
import { routesOf } from '../../src/decorators/routes';

@Controller('/d', { namespace: 'd', versions: ['1'] })
class Decorated {
  @Get('/g', 'g') g(@Param('id') id: number, @Query('q') q: boolean, @Header('X-Up') h: string, @Body() b: object, @Ctx() c: object, @Version() v: string, @Params() p: object, @Queries() qs: object) {}
  @Post('/p', { name: 'p', requirements: { x: /y/ }, versions: ['2'] }) p() {}
  @Put() put() {}
  @Patch() patch() {}
  @Delete() del() {}
  @Head() head() {}
  @Options() options() {}
  @All() all() {}
}

describe('decorators', () => {
  it('@Controller records its prefix and a copy of its options', () => {
    expect(controllerMetadata(Decorated)).to.deep.equal({ prefix: '/d', options: { namespace: 'd', versions: ['1'] } });
    expect(controllerMetadata(class {})).to.equal(undefined);
  });

  it('route decorators record method, path, name or options, and handler, in declaration order', () => {
    expect(routesOf(Decorated).map((r) => [r.method, r.path, (typeof r.options === 'string' ? r.options : r.options.name), r.handler])).to.deep.equal([
      ['GET', '/g', 'g', 'g'],
      ['POST', '/p', 'p', 'p'],
      ['PUT', '', undefined, 'put'],
      ['PATCH', '', undefined, 'patch'],
      ['DELETE', '', undefined, 'del'],
      ['HEAD', '', undefined, 'head'],
      ['OPTIONS', '', undefined, 'options'],
      ['ALL', '', undefined, 'all'],
    ]);
    expect(routesOf(Decorated)[1].options).to.deep.equal({ name: 'p', requirements: { x: /y/ }, versions: ['2'] });
  });

  it('parameter decorators record source, name and design type by index', () => {
    expect(bindingsOf(Decorated.prototype, 'g').map((b) => [b.index, b.source, b.name, b.type])).to.deep.equal([
      [0, 'param', 'id', Number],
      [1, 'query', 'q', Boolean],
      [2, 'header', 'x-up', String],
      [3, 'body', undefined, Object],
      [4, 'ctx', undefined, Object],
      [5, 'version', undefined, String],
      [6, 'params', undefined, Object],
      [7, 'queries', undefined, Object],
    ]);
  });
});
