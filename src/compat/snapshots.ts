import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../app';
import { InvalidArgument } from '../errors';
import { compareDocuments } from './compare';
import { checkSnapshotShape } from './shape';
import { RULES, type Change } from './rules';
import type { Json } from './schema';

/** The versions an app serves, each as the name of its snapshot file; `null` is an unversioned app's one document. */
function versionsOf(app: App): (string | null)[] {
  const info = app.versioningInfo;
  if (info === null) return [null];
  return info.allowedVersions === null ? [info.defaultVersion] : [...info.allowedVersions];
}

function fileOf(dir: string, version: string | null): string {
  const name = version ?? 'unversioned';
  if (!/^[\w.-]+$/.test(name) || name === '.' || name === '..') throw new InvalidArgument(`The version ${JSON.stringify(version)} cannot name a snapshot file; versions in snapshots are letters, digits, '.', '_' and '-'.`);
  return join(dir, `${name}.json`);
}

function documentOf(app: App, version: string | null, oas?: '3.1' | '3.2'): Json {
  return app.openapi({ ...(version === null ? {} : { version }), ...(oas === undefined ? {} : { openapi: oas }) }) as unknown as Json;
}

/** `waymark openapi --snapshot DIR`: one document per version, `DIR/<version>.json`; returns the files written. */
/** `oas`: the OpenAPI version to write, over the app's `openapi.version` (`--openapi`). */
export function writeSnapshots(app: App, dir: string, oas?: '3.1' | '3.2'): string[] {
  mkdirSync(dir, { recursive: true });
  return versionsOf(app).map((version) => {
    const file = fileOf(dir, version);
    writeFileSync(file, `${JSON.stringify(documentOf(app, version, oas), null, 2)}\n`);
    return file;
  });
}

export interface CheckReport {
  /** What to print, a line a version and a line a change. */
  readonly lines: string[];
  readonly breaking: number;
}

/**
 * `waymark openapi --check DIR`: each version's current document against its
 * snapshot. Breaking changes fail; additions are listed and pass; a version
 * without a snapshot is new, and a snapshot without a version was retired
 * (removal happens only by retiring a version: docs/compatibility.md).
 */
export function checkSnapshots(app: App, dir: string, oas?: '3.1' | '3.2'): CheckReport {
  const lines: string[] = [];
  let breaking = 0;
  const versions = versionsOf(app);
  for (const version of versions) {
    const file = fileOf(dir, version);
    const label = version ?? 'unversioned';
    if (!existsSync(file)) {
      lines.push(`${label}: new, no snapshot yet (run waymark openapi --snapshot ${dir} to record it)`);
      continue;
    }
    const snapshot: unknown = JSON.parse(readFileSync(file, 'utf8'));
    checkSnapshotShape(snapshot, file);
    const changes = compareDocuments(snapshot as Json, documentOf(app, version, oas));
    const broken = changes.filter((c) => c.breaking);
    breaking += broken.length;
    lines.push(`${label}: ${summary(broken.length, changes.length - broken.length)}`);
    for (const one of [...broken, ...changes.filter((c) => !c.breaking)]) lines.push(line(one));
  }
  const known = new Set(versions.map((version) => `${version ?? 'unversioned'}.json`));
  if (existsSync(dir)) {
    for (const name of readdirSync(dir).sort()) if (name.endsWith('.json') && !known.has(name)) lines.push(`${name.slice(0, -5)}: retired (a snapshot of a version the app no longer serves)`);
  }
  return { lines, breaking };
}

function summary(breaking: number, other: number): string {
  if (breaking === 0 && other === 0) return 'no change';
  const parts = [];
  if (breaking > 0) parts.push(`${breaking} breaking change${breaking === 1 ? '' : 's'}`);
  if (other > 0) parts.push(`${other} compatible change${other === 1 ? '' : 's'}`);
  return parts.join(', ');
}

function line(one: Change): string {
  return `  ${one.breaking ? 'BREAKING' : 'ok      '}  ${one.rule}  ${one.at}: ${RULES[one.rule].says}`;
}
