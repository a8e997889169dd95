import { Type, type TObject } from '@sinclair/typebox';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Body, change, Controller, createApp, field, Get, Post, QueryParameterVersioning, VersionHistory, type VersionEntry } from '../../src';
import { checkSnapshots, writeSnapshots } from '../../src/compat/snapshots';

/** An app whose head author is `Author`, with the history `entries(Author)`. */
function appOf(Author: TObject, entries: (schema: TObject) => VersionEntry[]) {
  @Controller('/authors', { namespace: 'authors' })
  class Authors {
    @Get('/', { name: 'list', responses: { 200: { schema: Type.Array(Author) } } }) list() {
      return [];
    }
    @Post('/', { name: 'create', responses: { 200: { schema: Author } } }) create(@Body({ schema: Author }) body: unknown) {
      return body;
    }
  }
  return createApp({ routes: [Authors], versioning: new QueryParameterVersioning({ defaultVersion: 'v1' }) /* a moved default makes `version` required in v1's document */, history: new VersionHistory(entries(Author)) });
}

describe('version history and waymark openapi --check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'waymark-history-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const released = Type.Object({ id: Type.Integer(), name: Type.String(), country: Type.String() });
  writeSnapshots(appOf(released, () => [{ version: 'v1' }]), dir);
  const renamedHead = () => Type.Object({ id: Type.Integer(), name: Type.String(), nation: Type.String() });

  it('reports a breaking change in a released version when a head change has no history entry', () => {
    const report = checkSnapshots(appOf(renamedHead(), () => [{ version: 'v2' }, { version: 'v1' }]), dir);
    expect(report.breaking).to.be.greaterThan(0);
    expect(report.lines.join('\n')).to.match(/^v1: \d+ breaking change/m);
  });

  it('passes when the history says how the released version differed', () => {
    const report = checkSnapshots(appOf(renamedHead(), (Author) => [{ version: 'v2', changes: [change({ description: 'country is now nation', instructions: [field(Author, 'nation').had({ name: 'country' })] })] }, { version: 'v1' }]), dir);
    expect(report.breaking, report.lines.join('\n')).to.equal(0);
    expect(report.lines).to.include('v1: no change');
  });
});
