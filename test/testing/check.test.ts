import 'reflect-metadata';
import { expect } from 'chai';
import { Controller, createApp, Get, ImproperlyConfigured, InvalidArgument, NotFound, Param, Query, URLPathVersioning, include } from '../../src';
import { checkContract, ContractViolation, MIN_SUCCESS_SHARE } from '../../src/testing';
import { loadFastCheck } from '../../src/testing/fast-check';

@Controller('/things')
class Things {
  @Get('/:id', { name: 'things-detail', requirements: { id: /\d+/ }, responses: { 200: { schema: { type: 'object' } } } })
  detail(@Param('id') id: number) {
    if (id !== 123456789) throw new NotFound('No such thing.');
    return {};
  }
}

@Controller('/nothing')
class Nothing {
  @Get('', { name: 'nothing-list', responses: { 200: { schema: { type: 'array' } }, 404: {} } })
  list() {
    throw new NotFound('Nothing here.');
  }
}

const BOOKS = [{ id: 'b-17', title: 'Dune' }, { id: 'b-42', title: 'Emma' }];

@Controller('/books')
class Catalogue {
  @Get('', { name: 'books-list', responses: { 200: { schema: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, title: { type: 'string' } } } } } } })
  list() {
    return BOOKS;
  }
  @Get('/:id', { name: 'books-detail', responses: { 200: { schema: { type: 'object' } }, 404: {} } })
  detail(@Param('id') id: string) {
    const book = BOOKS.find((each) => each.id === id);
    if (book === undefined) throw new NotFound('No such book.');
    return book;
  }
}

describe('checkContract: its own floor and options', () => {
  it('fails when too few valid requests succeed, so a generator of junk cannot pass', async () => {
    // Every answer is a documented 404 from a route without ids: nothing is a lie, and nothing was proved either.
    const error = await checkContract(createApp({ routes: [Nothing] }), { runs: 20, seed: 5 }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(ContractViolation);
    const [failure] = (error as ContractViolation).failures;
    expect(failure.problem).to.match(new RegExp(`^only 0 of \\d+ valid requests were answered 2xx \\(at least ${MIN_SUCCESS_SHARE * 100}% must be\\); never 2xx: nothing-list`));
  });

  it('passes a detail route whose made-up ids are all unknown (404), with a warning naming it (docs/testing.md#the-2xx-floor)', async () => {
    const warnings: Error[] = [];
    const listen = (warning: Error) => warnings.push(warning);
    process.on('warning', listen);
    try {
      await checkContract(createApp({ routes: [Things] }), { runs: 20, seed: 5 });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listen);
    }
    expect(warnings.map((warning) => (warning as Error & { code?: string }).code)).to.include('WMWRN003');
    expect(warnings.find((warning) => (warning as Error & { code?: string }).code === 'WMWRN003')?.message).to.include('things-detail');
  });

  it('passes a correct read-only app: the detail route reads the ids its list route answers', async () => {
    const report = await checkContract(createApp({ routes: [Catalogue] }), { runs: 30, seed: 7 });
    const detail = report.operations.find((operation) => operation.route === 'books-detail');
    expect(detail?.statuses).to.include(200);
  });

  it('names the fix when fast-check is not installed', () => {
    const missing = () => {
      throw Object.assign(new Error("Cannot find module 'fast-check'"), { code: 'MODULE_NOT_FOUND' });
    };
    expect(() => loadFastCheck(missing)).to.throw(ImproperlyConfigured, 'npm install --save-dev fast-check');
  });

  it('refuses versions the app does not allow, and runs that are not a positive integer', async () => {
    const versioned = createApp({ routes: [include('/:version', [Things])], versioning: new URLPathVersioning({ allowedVersions: ['v1'] }) });
    await checkContract(versioned, { versions: ['v9'] }).then(() => expect.fail('resolved'), (error: unknown) => expect(error).to.be.instanceOf(InvalidArgument));
    await checkContract(versioned, { runs: 0 }).then(() => expect.fail('resolved'), (error: unknown) => expect(error).to.be.instanceOf(InvalidArgument));
  });

  it('repeats a run from its seed', async () => {
    const statuses = async () => (await checkContract(createApp({ routes: [Things] }), { runs: 20, seed: 5 }).catch((error: ContractViolation) => error.message));
    expect(await statuses()).to.deep.equal(await statuses());
  });
});

describe('checkContract: a schema it cannot draw values of', () => {
  @Controller('/odd')
  class Odd {
    @Get('/', { name: 'odd', responses: { 200: { schema: { type: 'object' } } } })
    get(@Query('q', { required: true, schema: { type: 'string', not: { minLength: 0 } } }) q: string) {
      return { q };
    }
  }

  it('is a failure naming the operation and the schema, not a hang', async () => {
    const error = await checkContract(createApp({ routes: [Odd] }), { runs: 5, seed: 1 }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(ContractViolation);
    expect((error as ContractViolation).failures[0].problem).to.match(/^the check could not generate requests: cannot draw values the schema \{"type":"string","not":\{"minLength":0\}\} accepts/);
  });
});
