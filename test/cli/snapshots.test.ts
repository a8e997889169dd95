import { expect } from 'chai';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './run';

const scratch = join(root, '.tmp', 'cli-snapshots');
const fixture = join(root, 'test/fixtures/cli/snapshot-app.ts');
const edit = (file: string, change: (doc: any) => void) => { // eslint-disable-line @typescript-eslint/no-explicit-any
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  change(doc);
  writeFileSync(file, JSON.stringify(doc));
};

describe('cli/openapi --snapshot and --check', () => {
  beforeEach(() => mkdirSync(scratch, { recursive: true }));
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('records one document per version, and the check then finds no change', () => {
    expect(run(['openapi', fixture, '--snapshot', scratch]).status).to.equal(0);
    expect(existsSync(join(scratch, 'v1.json')) && existsSync(join(scratch, 'v2.json'))).to.equal(true);
    expect(JSON.parse(readFileSync(join(scratch, 'v2.json'), 'utf8')).info.version).to.equal('v2');
    const checked = run(['openapi', fixture, '--check', scratch]);
    expect(checked.status).to.equal(0);
    expect(checked.out.split('\n')).to.deep.equal(['v1: no change', 'v2: no change']);
  });

  it('fails on a breaking change inside a released version, naming the rule and the place', () => {
    run(['openapi', fixture, '--snapshot', scratch]);
    // The snapshot promised a property the app no longer sends: to the app, it is gone.
    edit(join(scratch, 'v1.json'), (doc) => {
      const detail = Object.entries(doc.paths).find(([path]) => path.startsWith('/v1/books/{'))?.[1] as any; // eslint-disable-line @typescript-eslint/no-explicit-any
      detail.get.responses['200'].content['application/json'].schema.properties.isbn = { type: 'string' };
    });
    const checked = run(['openapi', fixture, '--check', scratch]);
    expect(checked.status).to.equal(1);
    expect(checked.out).to.match(/^v1: 1 breaking change$/m).and.match(/BREAKING {2}response-property-removed {2}GET \/v1\/books\/\{id\} 200 application\/json #\/isbn/);
    expect(checked.err).to.contain('1 breaking change inside released versions');
  });

  it('passes additions, lists new and retired versions', () => {
    run(['openapi', fixture, '--snapshot', scratch]);
    edit(join(scratch, 'v2.json'), (doc) => delete doc.paths['/v2/books/search']);
    rmSync(join(scratch, 'v1.json'));
    writeFileSync(join(scratch, 'v0.json'), '{}');
    const checked = run(['openapi', fixture, '--check', scratch]);
    expect(checked.status).to.equal(0);
    expect(checked.out).to.contain('v1: new, no snapshot yet').and.contain('v2: 1 compatible change').and.contain('operation-added  GET /v2/books/search').and.contain('v0: retired');
  });

  it('takes --snapshot or --check, not both', () => {
    expect(run(['openapi', fixture, '--snapshot', scratch, '--check', scratch]).status).to.equal(2);
  });
});
