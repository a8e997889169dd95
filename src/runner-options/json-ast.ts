import type * as TS from 'typescript';
import { jsonPath } from './problems';
import type { TypeScript } from './typescript';

/** The key a property of a JSON object literal is written under. */
function keyOf(ts: TypeScript, property: TS.ObjectLiteralElementLike): string | undefined {
  const name = property.name;
  if (!name) return undefined;
  return ts.isStringLiteral(name) || ts.isIdentifier(name) || ts.isNumericLiteral(name) ? name.text : undefined;
}

function segmentsToPath(segments: readonly (string | number)[]): string {
  return jsonPath(segments.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''));
}

/**
 * The JSON path of the innermost value (or key) of a parsed JSON file that
 * contains `offset`: how TypeScript's diagnostics, which carry a position,
 * become `$.compilerOptions.strict`. Callers bound the nesting beforehand.
 */
export function pathAt(ts: TypeScript, file: TS.JsonSourceFile, offset: number): string {
  const segments: (string | number)[] = [];
  let node: TS.Node | undefined = file.statements[0]?.expression;
  while (node) {
    let next: TS.Node | undefined;
    if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        if (offset < property.pos || offset >= property.end) continue;
        const key = keyOf(ts, property);
        if (key === undefined) break;
        segments.push(key);
        if (ts.isPropertyAssignment(property) && offset >= property.initializer.pos) next = property.initializer;
        break;
      }
    } else if (ts.isArrayLiteralExpression(node)) {
      const index = node.elements.findIndex((element) => offset >= element.pos && offset < element.end);
      if (index >= 0) {
        segments.push(index);
        next = node.elements[index];
      }
    }
    node = next;
  }
  return segmentsToPath(segments);
}

/** The value node at `keys` (object keys only), if the file has one there. */
export function nodeAt(ts: TypeScript, file: TS.JsonSourceFile, keys: readonly string[]): TS.Expression | undefined {
  let node: TS.Expression | undefined = file.statements[0]?.expression;
  for (const key of keys) {
    if (!node || !ts.isObjectLiteralExpression(node)) return undefined;
    const property: TS.ObjectLiteralElementLike | undefined = [...node.properties].reverse().find((p) => keyOf(ts, p) === key);
    node = property && ts.isPropertyAssignment(property) ? property.initializer : undefined;
  }
  return node;
}
