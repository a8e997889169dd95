import { expect } from 'chai';
import request from 'supertest';
import type { Middleware } from 'koa';
import { Controller, createApp, createParameter, Get, Param, Use } from '../../../src';
import { watchProcess } from './process-watch';

// docs/reference/hostile-input.md#user-code: no promise of user code is left unhandled, on any path.

const Later = createParameter(async () => {
  await new Promise((resolve) => setImmediate(resolve));
  throw new Error('session store down');
});
const Soon = createParameter(() => Promise.reject(new Error('rejected at once')));

@Controller('/abandoned')
class Abandoned {
  @Get('/later/:id', 'later') later(@Later() user: unknown, @Param('id') id: number) {
    return { user, id };
  }
  @Get('/soon/:id', 'soon') soon(@Soon() user: unknown, @Param('id') id: number) {
    return { user, id };
  }
}

describe('a custom parameter whose promise a later parameter abandons (class 1)', () => {
  for (const path of ['/abandoned/later/x', '/abandoned/soon/x']) {
    it(`${path}: the later parameter's 400, and no unhandled rejection`, async () => {
      const app = createApp({ routes: [Abandoned] });
      app.silent = true;
      const watch = watchProcess();
      let status: number;
      try {
        ({ status } = await request(app.callback()).get(path));
      } finally {
        await watch.stop();
      }
      expect(status).to.equal(400);
      expect(watch.failures.map(String)).to.deep.equal([]);
    });
  }
});

const AsyncRenderer = { mediaType: 'text/csv', format: 'csv', render: async () => Promise.reject(new Error('renderer secret')) };

@Controller('/rendered')
class Rendered {
  @Get('', { name: 'rendered', renderers: [AsyncRenderer as never] }) rows() {
    return [['a', 'b']];
  }
}

describe('a renderer that answers with a promise', () => {
  it('is a 500 reported on the error event, not {} and no unhandled rejection', async () => {
    const app = createApp({ routes: [Rendered] });
    app.silent = true;
    const errors: unknown[] = [];
    app.on('error', (error) => errors.push(error));
    const watch = watchProcess();
    let response: request.Response;
    try {
      response = await request(app.callback()).get('/rendered').set('Accept', 'text/csv');
    } finally {
      await watch.stop();
    }
    expect(response.status).to.equal(500);
    expect(response.text).not.to.include('renderer secret');
    expect(errors.length).to.equal(1);
    expect(watch.failures.map(String)).to.deep.equal([]);
  });
});

const careless: Middleware = async (_ctx, next) => {
  void next();
};

@Controller('/careless')
class Careless {
  @Get('', 'careless')
  @Use(careless)
  async handler() {
    await new Promise((resolve) => setImmediate(resolve));
    throw new Error('handler failed after the guard returned');
  }
}

describe('a guard that calls next() without awaiting it', () => {
  it("leaves no unhandled rejection: the handler's later failure is the app's error event", async () => {
    const app = createApp({ routes: [Careless] });
    app.silent = true;
    const errors: unknown[] = [];
    app.on('error', (error) => errors.push(error));
    const watch = watchProcess();
    try {
      await request(app.callback()).get('/careless');
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await watch.stop();
    }
    expect(watch.failures.map(String)).to.deep.equal([]);
    expect(errors.map((error) => (error as Error).message)).to.include('handler failed after the guard returned');
  });
});
