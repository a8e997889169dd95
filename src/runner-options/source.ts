import type * as TS from 'typescript';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Problem } from './problems';
import type { TypeScript } from './typescript';

import { MAX_NESTING } from './limits';

export { MAX_NESTING };

/** One file of an `extends` chain, read as TypeScript reads it. */
export interface Layer {
  file: string;
  dir: string;
  source: TS.JsonSourceFile;
  /** The whole file as a value (an empty file is `{}`, as in TypeScript). */
  json: Record<string, unknown>;
  /** Its `"ts-node"` block; `{}` when absent, `null` or not an object. */
  block: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads one tsconfig.json with TypeScript's own reader: JSON with comments and
 * trailing commas, a UTF-8 byte-order mark, UTF-16 LE/BE with a byte-order
 * mark, an empty file as `{}`. A problem instead of a layer when it cannot be.
 */
export function readLayer(ts: TypeScript, file: string): Layer | Problem {
  const text = ts.sys.readFile(file);
  if (text === undefined) {
    return { file, path: '$', code: 'CANNOT_READ', message: existsSync(file) ? 'cannot read the file' : 'the file does not exist' };
  }
  const deep = tooDeep(ts, text);
  if (deep !== undefined) {
    return { file, path: '$', code: 'NESTING_TOO_DEEP', message: `objects and arrays nest more than ${MAX_NESTING} levels deep (at line ${lineOf(text, deep)})` };
  }
  const source = ts.parseJsonText(file, text);
  const [syntax] = (source as TS.JsonSourceFile & { parseDiagnostics: TS.Diagnostic[] }).parseDiagnostics;
  if (syntax) {
    const message = ts.flattenDiagnosticMessageText(syntax.messageText, ' ');
    return { file, path: '$', code: 'INVALID_JSON', message: `is not valid JSON with comments: ${message} (TS${syntax.code} at line ${lineOf(text, syntax.start ?? 0)})` };
  }
  const json = text.trim() === '' ? {} : ts.convertToObject(source, []);
  if (!isObject(json)) return { file, path: '$', code: 'INVALID_JSON', message: 'the top level must be an object' };
  const block = json['ts-node'];
  return { file, dir: dirname(file), source, json, block: isObject(block) ? block : {} };
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/** The offset where nesting first exceeds the bound, found with TypeScript's scanner (no recursion). */
function tooDeep(ts: TypeScript, text: string): number | undefined {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  let depth = 0;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.OpenBraceToken || token === ts.SyntaxKind.OpenBracketToken) {
      if (++depth > MAX_NESTING) return scanner.getTokenStart();
    } else if (token === ts.SyntaxKind.CloseBraceToken || token === ts.SyntaxKind.CloseBracketToken) {
      depth--;
    }
  }
  return undefined;
}
