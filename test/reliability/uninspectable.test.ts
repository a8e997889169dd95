import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, Param } from '../../src';

/** Values that throw as soon as anyone looks at them: instanceof, a property, String(). */
function hostile(kind: string): unknown {
  switch (kind) {
    case 'null-prototype':
      return Object.create(null);
    case 'throwing-status':
      return {
        get status(): number {
          throw new Error('status getter');
        },
      };
    case 'error-with-throwing-status':
      return Object.defineProperty(new Error('x'), 'status', {
        get() {
          throw new Error('status getter');
        },
      });
    case 'revoked-proxy': {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
    case 'throwing-toString':
      return {
        toString(): string {
          throw new Error('toString');
        },
      };
  }
  throw new Error(kind);
}

const KINDS = ['null-prototype', 'throwing-status', 'error-with-throwing-status', 'revoked-proxy', 'throwing-toString'];

@Controller('/throw')
class Throws {
  @Get('/:kind', 'throw') throws(@Param('kind') kind: string): never {
    throw hostile(kind);
  }
}

function app(where: 'handler' | 'middleware') {
  const made = createApp({ routes: [Throws] });
  const reported: Error[] = [];
  made.on('error', (error: Error) => reported.push(error));
  if (where === 'middleware') {
    made.use(async (ctx) => {
      throw hostile(ctx.path.slice('/throw/'.length));
    });
  }
  return { made, reported };
}

describe('reliability: values the error boundary cannot inspect', () => {
  for (const where of ['handler', 'middleware'] as const) {
    for (const kind of KINDS) {
      it(`a ${kind} value thrown from a ${where} is a 500 problem document, reported as an Error`, async () => {
        const { made, reported } = app(where);
        const res = await request(made.callback()).get(`/throw/${kind}`);
        expect(res.status).to.equal(500);
        expect(res.headers['content-type']).to.equal('application/problem+json');
        expect(JSON.parse(res.text)).to.deep.equal({ type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'A server error occurred.' });
        expect(reported).to.have.length(1);
        expect(reported[0]).to.be.instanceOf(Error);
      });
    }
  }
});
