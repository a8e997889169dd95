import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { emitWaymarkWarning, WarningCatalogue, warningMessage, type WarningCode } from '../../src/errors/warnings';

const root = join(__dirname, '..', '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.ts') ? [join(dir, name)] : []));

describe('errors/warnings: the warning catalogue', () => {
  it('holds every WMWRN code that src/ names, and only there are they defined', () => {
    const named = new Map<string, string[]>();
    for (const file of files(join(root, 'src'))) {
      for (const [code] of readFileSync(file, 'utf8').matchAll(/WMWRN\d{3}/g)) named.set(code, [...(named.get(code) ?? []), relative(root, file)]);
    }
    expect(named.size).to.be.at.least(1);
    for (const [code, where] of named) expect(Object.hasOwn(WarningCatalogue, code), `${code} in ${where.join(', ')}`).to.equal(true);
  });

  it('numbers codes WMWRN001, 002, ... in order, each with a title, a template and a page that exists', () => {
    const codes = Object.keys(WarningCatalogue);
    expect(codes).to.deep.equal(codes.map((_, index) => `WMWRN${String(index + 1).padStart(3, '0')}`));
    for (const [code, entry] of Object.entries(WarningCatalogue)) {
      expect(entry.title, code).to.match(/\w/);
      expect(statSync(join(root, entry.docs.split('#')[0])).isFile(), `${code}: ${entry.docs}`).to.equal(true);
    }
  });

  it('docs/errors.md lists every code', () => {
    const page = readFileSync(join(root, 'docs/errors.md'), 'utf8');
    for (const code of Object.keys(WarningCatalogue)) expect(page, code).to.include(`| \`${code}\` |`);
  });

  it('fills placeholders from params and leaves a missing one as written', () => {
    expect(warningMessage('WMWRN001', { name: 'users', paths: "'/a', '/b'" })).to.match(/^The route name 'users' is on routes with different paths \('\/a', '\/b'\)/);
    expect(warningMessage('WMWRN001', { name: 'x' })).to.include('({paths})');
  });

  it('emits a WaymarkWarning once per seen set and message: the same set never repeats, another set warns again', async () => {
    const seen: Error[] = [];
    const listener = (warning: Error) => seen.push(warning);
    process.on('warning', listener);
    try {
      const app1 = new Set<string>();
      const app2 = new Set<string>();
      const code: WarningCode = 'WMWRN001';
      const emitted = [
        emitWaymarkWarning(code, { name: 'a', paths: "'/x', '/y'" }, app1),
        emitWaymarkWarning(code, { name: 'a', paths: "'/x', '/y'" }, app1),
        emitWaymarkWarning(code, { name: 'b', paths: "'/x', '/y'" }, app1),
        emitWaymarkWarning(code, { name: 'a', paths: "'/x', '/y'" }, app2),
      ];
      await new Promise((resolve) => setImmediate(resolve));
      expect(emitted).to.deep.equal([true, false, true, true]);
      expect(seen.map((w) => [w.name, (w as { code?: string }).code])).to.deep.equal([
        ['WaymarkWarning', 'WMWRN001'],
        ['WaymarkWarning', 'WMWRN001'],
        ['WaymarkWarning', 'WMWRN001'],
      ]);
    } finally {
      process.off('warning', listener);
    }
  });
});
