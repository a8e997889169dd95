import { expect } from 'chai';
import request from 'supertest';
import { container, injectable } from 'tsyringe';
import { Controller, createApp, Get, ImproperlyConfigured, include } from '../../src';

@injectable()
class Greeter {
  greet(name: string) {
    return `Hello, ${name}.`;
  }
}

@Controller('/hello')
@injectable()
class Hello {
  constructor(private readonly greeter: Greeter) {}
  @Get('', 'hello') hello() {
    return { text: this.greeter.greet('Ada') };
  }
}

@Controller('/plain')
class Plain {
  @Get('', 'plain') plain() {
    return { self: this instanceof Plain };
  }
}

function buildError(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the app was built');
}

describe('http/controllers', () => {
  it('resolves controllers through a container (tsyringe), once per class per app', async () => {
    const calls: Function[] = [];
    const app = createApp({
      routes: [Hello, Plain, include('/again', [Hello], { namespace: 'again' })],
      resolve: (C) => {
        calls.push(C);
        return container.resolve(C as new () => object);
      },
    });
    expect(calls).to.deep.equal([Hello, Plain]);
    await request(app.callback()).get('/hello').expect(200, { text: 'Hello, Ada.' });
    await request(app.callback()).get('/hello').expect(200);
    expect(calls).to.have.length(2);
    createApp({ routes: [Hello], resolve: (C) => (calls.push(C), container.resolve(C as new () => object)) });
    expect(calls).to.have.length(3);
  });

  it('makes `new C()` without resolve, one instance per app', async () => {
    await request(createApp({ routes: [Plain] }).callback()).get('/plain').expect(200, { self: true });
  });

  it('a controller with constructor parameters and no resolve fails at build time, naming the class and the fix', () => {
    const error = buildError(() => createApp({ routes: [Hello] }));
    expect(error).to.be.instanceOf(ImproperlyConfigured);
    expect(error.message).to.contain('Hello').and.contain('resolve');
  });

  it('counts parameters TypeScript did not record (a plain JavaScript constructor)', () => {
    class Js {
      constructor(readonly db: unknown) {}
      m() {}
    }
    Get('/js')(Js.prototype, 'm', Object.getOwnPropertyDescriptor(Js.prototype, 'm') as PropertyDescriptor);
    Controller()(Js);
    Reflect.deleteMetadata('design:paramtypes', Js);
    expect(buildError(() => createApp({ routes: [Js] }))).to.be.instanceOf(ImproperlyConfigured).with.property('message').that.contains('Js');
  });

  it('refuses what resolve gets wrong, naming the class', () => {
    const cases: [(C: Function) => object, RegExp][] = [
      [() => null as unknown as object, /resolve\(Plain\) must return an instance of Plain/],
      [() => ({}), /no method plain/],
      [() => {
        throw new Error('no provider');
      }, /resolve\(Plain\) threw.*no provider/],
    ];
    for (const [resolve, message] of cases) {
      expect(buildError(() => createApp({ routes: [Plain], resolve }))).to.be.instanceOf(ImproperlyConfigured).with.property('message').that.matches(message);
    }
    expect(buildError(() => createApp({ routes: [Plain], resolve: 'container' as never }))).to.be.instanceOf(ImproperlyConfigured);
  });
});
