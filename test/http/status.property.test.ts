import { expect } from 'chai';
import fc from 'fast-check';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Context } from 'koa';
import ts from 'typescript';
import { Controller, createApp, Ctx, Post, reply, type RouteOptions } from '../../src';
import { generateClient } from '../../src/client/emit';
import { clientSourceOf } from '../../src/client/source';

const scratch = join(__dirname, '..', '..', '.tmp', 'status-property-test');
const STRICT: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [], skipLibCheck: false };
const ITEM = { type: 'object', properties: { id: { type: 'integer' } } } as const;

/** What a route declares: its success responses (with a schema or not) and `status`. */
interface Declared {
  successes: { status: number; schema: boolean }[];
  status: number | undefined;
}
/** What the handler does: return nothing or a value, with the status from reply(), ctx.status or neither. */
interface Result {
  body: 'nothing' | 'value';
  how: 'plain' | 'reply' | 'ctx';
  pick: number;
}

const declared: fc.Arbitrary<Declared> = fc
  .record({
    successes: fc.uniqueArray(fc.record({ status: fc.constantFrom(200, 201, 202, 204), schema: fc.boolean() }), { selector: (s) => s.status, maxLength: 3 }),
    status: fc.option(fc.constantFrom(200, 201, 202), { nil: undefined }),
  })
  // 204 is sent without a body: declared with a schema it is not a body status.
  .map(({ successes, status }) => ({ successes: successes.map((s) => (s.status === 204 ? { status: 204, schema: false } : s)), status }));
const result: fc.Arbitrary<Result> = fc.record({ body: fc.constantFrom('nothing', 'value'), how: fc.constantFrom('plain', 'reply', 'ctx'), pick: fc.nat() });

/** The statuses a handler may choose itself: those the route documents as success. */
function documentedSuccesses(route: Declared): number[] {
  const own = route.successes.map((s) => s.status);
  if (route.status !== undefined) return [...new Set([...own, route.status])];
  return own.length > 0 ? own : [200, 204];
}

/** The status the rules of docs/declaring-what-handlers-decide.md give. */
function expected(route: Declared, outcome: Result): number {
  const chosen = chosenStatus(route, outcome);
  if (chosen !== undefined) return chosen;
  if (route.status !== undefined) return route.status;
  const twos = route.successes.map((s) => s.status).filter((status) => status >= 200 && status < 300);
  if (twos.length === 1) return twos[0];
  return outcome.body === 'nothing' ? 204 : 200;
}

/** The status reply() or ctx.status sets: a documented one, not 204 with a body (nor 200 with nothing, which is a 204 to Koa too). */
function chosenStatus(route: Declared, outcome: Result): number | undefined {
  if (outcome.how === 'plain') return undefined;
  const candidates = documentedSuccesses(route).filter((status) => (outcome.body === 'value' ? status !== 204 : true));
  return candidates.length === 0 ? undefined : candidates[outcome.pick % candidates.length];
}

function controllerFor(routes: readonly [Declared, Result][]): Function {
  class Generated {}
  routes.forEach(([route, outcome], index) => {
    const name = `h${index}`;
    const responses = Object.fromEntries(route.successes.map((s) => [s.status, s.schema ? { schema: ITEM } : {}]));
    const options: RouteOptions = { name: `r${index}`, ...(route.successes.length > 0 ? { responses } : {}), ...(route.status === undefined ? {} : { status: route.status }) };
    const status = chosenStatus(route, outcome);
    const body = outcome.body === 'value' ? { id: index, secret: 'never sent when a schema is declared' } : undefined;
    (Generated.prototype as unknown as Record<string, unknown>)[name] = (ctx: Context) => {
      if (status !== undefined && outcome.how === 'reply') return reply(body, { status });
      if (status !== undefined && outcome.how === 'ctx') ctx.status = status;
      return body;
    };
    Ctx()(Generated.prototype, name, 0);
    Post(`/r${index}`, options)(Generated.prototype, name, Object.getOwnPropertyDescriptor(Generated.prototype, name) as PropertyDescriptor);
  });
  Controller('')(Generated);
  return Generated;
}

describe('http/status (property): random routes, statuses and results (docs/declaring-what-handlers-decide.md)', function () {
  this.timeout(300_000);
  before(() => mkdirSync(scratch, { recursive: true }));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('sends the status the rules give, documents every status sent, and the generated client accepts every reply', async () => {
    const apps = fc.sample(fc.array(fc.tuple(declared, result), { minLength: 4, maxLength: 12 }), { numRuns: 8, seed: 27 });
    const files: string[] = [];
    const seen = new Map<number, number>();
    let checked = 0;
    for (const [run, routes] of apps.entries()) {
      const app = createApp({ routes: [controllerFor(routes)], validateResponses: true });
      const errors: unknown[] = [];
      app.on('error', (error) => errors.push(error));
      const document = app.openapi();
      const file = join(scratch, `client${run}.ts`);
      writeFileSync(file, generateClient(clientSourceOf(app, 'test')));
      files.push(file);
      const server = app.listen(0);
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const { createClient } = require(file) as { createClient(options: { baseUrl: string }): { call(name: string): Promise<{ status: number; body: unknown }> } };
        const client = createClient({ baseUrl: `http://127.0.0.1:${port}` });
        for (const [index, [route, outcome]] of routes.entries()) {
          const where = `run ${run} route ${index}: ${JSON.stringify(route)} ${JSON.stringify(outcome)}`;
          const answer = await client.call(`r${index}`); // throws UnexpectedStatus on an undocumented status
          expect(answer.status, where).to.equal(expected(route, outcome));
          const operation = (document.paths as unknown as Record<string, { post: { responses: Record<string, unknown> } }>)[`/r${index}`].post;
          expect(operation.responses, where).to.have.property(String(answer.status));
          if (route.successes.some((s) => s.status === answer.status && s.schema)) expect(JSON.stringify(answer.body) ?? '', where).to.not.contain('secret');
          seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
          checked++;
        }
      } finally {
        server.close();
      }
      expect(errors, `run ${run}`).to.deep.equal([]);
    }
    // A floor: an implementation that answered one status (or refused) would not reach these.
    expect(checked).to.be.at.least(40);
    for (const status of [200, 201, 202, 204]) expect(seen.get(status) ?? 0, `replies with ${status}`).to.be.at.least(2);
    const program = ts.createProgram(files, STRICT);
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).to.deep.equal([]);
  });
});
