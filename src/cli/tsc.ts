import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Problem } from '../runner-options/problems';
import { NOT_ABOUT_OPTIONS } from '../runner-options/program';
import type { ShownConfig } from '../runner-options/traps';
import { parseJsonc, type JsoncFile } from './jsonc';
import type { ProjectTypeScript } from './project';

/**
 * One line of `tsc --pretty false`: `tsconfig.json(4,15): error TS5108: ...`,
 * or `error TS5083: ...` without a place. Taken apart by position, not one
 * regular expression: a file name may hold anything, parentheses included.
 */
function diagnostic(line: string): { where?: string; line: number; column: number; code: string; message: string } | null {
  const marker = line.startsWith('error TS') ? 0 : line.indexOf('): error TS') + 3;
  if (marker < 3 && marker !== 0) return null;
  const body = /^error TS(\d+): /.exec(line.slice(marker));
  if (body === null) return null;
  const message = line.slice(marker + body[0].length);
  if (marker === 0) return { line: 0, column: 0, code: body[1], message };
  const head = line.slice(0, marker - 3);
  const open = head.lastIndexOf('(');
  const place = /^(\d+),(\d+)$/.exec(head.slice(open + 1));
  if (open < 1 || place === null) return null;
  return { where: head.slice(0, open), line: Number(place[1]), column: Number(place[2]), code: body[1], message };
}

/**
 * The project's own `tsc` (its package's `bin`), run with Node on `args`
 * from the tsconfig.json's folder: TypeScript 7's launcher execs the native
 * compiler. `null` and the reason when it could not be run.
 */
function runTsc(ts: ProjectTypeScript, cwd: string, args: string[]): { stdout: string } | { failed: string } {
  let bin: string;
  try {
    const manifest = JSON.parse(readFileSync(join(ts.dir, 'package.json'), 'utf8')) as { bin?: string | Record<string, string> };
    bin = join(ts.dir, typeof manifest.bin === 'string' ? manifest.bin : (manifest.bin?.tsc ?? 'bin/tsc'));
  } catch (error) {
    return { failed: `cannot read ${join(ts.dir, 'package.json')}: ${(error as Error).message}` };
  }
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) return { failed: `${bin} ${args.join(' ')} did not run: ${result.error.message}` };
  if (result.signal) return { failed: `${bin} ${args.join(' ')} was stopped by ${result.signal}` };
  if (result.status !== 0 && result.stdout.trim() === '') return { failed: `${bin} ${args.join(' ')} exited ${result.status}: ${result.stderr.trim().split('\n')[0] ?? ''}` };
  return { stdout: result.stdout };
}

/**
 * TypeScript 7's verdict on a tsconfig.json, from its own `tsc` (it has no
 * JavaScript API; docs/cli.md#checking-a-tsconfigjson): `--showConfig` for
 * the options in force (extends resolved by TypeScript itself), and
 * `--listFilesOnly`, which reports what `tsc -p` reports of the options and
 * stops before it type-checks. Each diagnostic in a JSON file gets the JSON
 * path it points at; one in a source file is about code, and left out.
 */
export function tscVerdictByCli(ts: ProjectTypeScript, file: string): { problems: Problem[]; shown: ShownConfig | null } {
  const cwd = dirname(file);
  const problems: Problem[] = [];
  const failed = (why: string): Problem => ({ file, path: '$', code: 'TSC_FAILED', message: `typescript ${ts.version} could not judge this file: ${why}` });
  const listed = runTsc(ts, cwd, ['-p', file, '--listFilesOnly', '--pretty', 'false']);
  if ('failed' in listed) return { problems: [failed(listed.failed)], shown: null };
  const files = new Map<string, JsoncFile | null>();
  const located = (name: string): JsoncFile | null => {
    if (!files.has(name)) {
      try {
        files.set(name, parseJsonc(readFileSync(name, 'utf8')));
      } catch {
        files.set(name, null);
      }
    }
    return files.get(name) ?? null;
  };
  let last: Problem | null = null;
  for (const line of listed.stdout.split(/\r?\n/)) {
    const match = diagnostic(line);
    if (match === null) {
      // tsc indents the rest of a chained message under its first line.
      if (last && /^\s+\S/.test(line)) last.message += ` ${line.trim()}`;
      else last = null;
      continue;
    }
    const { where, line: lineNumber, column, code, message } = match;
    const at = where === undefined ? file : resolve(cwd, where);
    last = null;
    if ((where !== undefined && !at.endsWith('.json')) || NOT_ABOUT_OPTIONS.has(Number(code))) continue;
    const json = where === undefined ? null : located(at);
    const path = json === null ? '$.compilerOptions' : json.pathAt(json.offsetOf(lineNumber, column));
    last = { file: at, path, code: `TS${code}`, message };
    problems.push(last);
  }
  const shownRun = runTsc(ts, cwd, ['--showConfig', '-p', file]);
  if ('failed' in shownRun) return { problems: [...problems, failed(shownRun.failed)], shown: null };
  try {
    return { problems, shown: JSON.parse(shownRun.stdout) as ShownConfig };
  } catch {
    return { problems: [...problems, failed(`tsc --showConfig printed no JSON: ${shownRun.stdout.trim().split('\n')[0] ?? ''}`)], shown: null };
  }
}
