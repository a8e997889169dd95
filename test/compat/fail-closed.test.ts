import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSampleApp } from '../../examples/app';
import { InvalidArgument } from '../../src';
import { compareDocuments } from '../../src/compat/compare';
import type { Json } from '../../src/compat/schema';
import { checkSnapshots, writeSnapshots } from '../../src/compat/snapshots';

// docs/compatibility.md#snapshots-that-are-not-documents: a snapshot that is not a document is an error naming the place.

type Edit = (document: Json, path: string) => void;
const item = (document: Json, path: string) => (document.paths as Record<string, Json>)[path];
const edits: [string, Edit, RegExp][] = [
  ['a null path item', (d, p) => ((d.paths as Record<string, unknown>)[p] = null), /paths\[".*"\] is null, not a path item/],
  ['a null response', (d, p) => (((item(d, p).get as Json).responses as Record<string, unknown>)['200'] = null), /\.get\.responses\["200"\] is null, not a response/],
  ['parameters that are not a list', (d, p) => ((item(d, p).get as Json).parameters = { name: 'id' }), /\.get\.parameters is an object, not a list of parameters/],
  ['a null parameter', (d, p) => ((item(d, p).get as Json).parameters = [null]), /\.get\.parameters\[0\] is null, not a parameter/],
  ['a null operation', (d, p) => (item(d, p).get = null), /\.get is null, not an operation/],
  ['responses that are a string', (d, p) => ((item(d, p).get as Json).responses = 'none'), /\.get\.responses is string "none", not an object of responses/],
  ['paths that are a list', (d) => (d.paths = []), /paths is a list, not an object of path items/],
];

describe('compat: the compatibility check fails closed', () => {
  const app = createSampleApp(undefined, '3000');
  const document = app.openapi({}) as unknown as Json;
  const path = Object.keys(document.paths as Json).find((key) => (item(document, key).get as Json | undefined)?.responses !== undefined) as string;

  for (const [what, edit, says] of edits) {
    it(`${what}: an InvalidArgument naming the place, never "no breaking change"`, () => {
      const snapshot = structuredClone(document);
      edit(snapshot, path);
      expect(() => compareDocuments(snapshot, document)).to.throw(InvalidArgument, says);
    });
  }

  it('checkSnapshots names the file and the place', () => {
    const dir = mkdtempSync(join(tmpdir(), 'waymark-fail-closed-'));
    try {
      const [file] = writeSnapshots(app, dir);
      const written = JSON.parse(readFileSync(file, 'utf8')) as Json;
      ((item(written, path).get as Json).responses as Record<string, unknown>)['200'] = null;
      writeFileSync(file, JSON.stringify(written));
      expect(() => checkSnapshots(app, dir)).to.throw(InvalidArgument, /unversioned\.json: paths\[.*\]\.get\.responses\["200"\] is null/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
