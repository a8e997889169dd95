/** What fast-json-stringify's `mode: 'debug'` returns: the generated code and what it runs with. */
export interface Debug {
  code: string;
  validator: unknown;
  serializer: unknown;
}

/** Members every plain object inherits (`constructor`, `toString`, `__proto__`, …). */
const INHERITED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** A pattern literal fast-json-stringify writes for a placeholder key: `/waymark_pattern_0_/.test(`. */
const LITERAL = /\/waymark_pattern_(\d+)_\/\.test\(/g;
/** The same literal written any other way (a JSON pointer in a string goes on with a member name, never `.` or an end). */
const LEFT = /\/waymark_pattern_\d+_\/(?![\w$])/;
/** How the generated code reads a declared member: `obj["name"]` or `obj_3["name"]`. */
const READ = /\b(obj(?:_\d+)?)\[("[\w$]+")\]/g;

/**
 * Whether a schema declares a member every object inherits (JSON text
 * containing `"constructor"` and the like): only then is the serializer's
 * code rewritten, so other schemas compile exactly as fast-json-stringify
 * writes them. A false positive (the word in a description) costs only a
 * slower build.
 */
export function declaresInherited(schemaText: string): boolean {
  for (const name of INHERITED) if (schemaText.includes(`"${name}"`)) return true;
  return false;
}

/**
 * `fastJson.restore` (which turns debug mode's code into the serializer) with
 * two changes (docs/security.md, response serialization):
 *
 * - each `patternProperties` placeholder literal becomes its expression on
 *   the linear engine; code that still holds one is refused rather than run
 *   on V8's backtracking engine;
 * - a declared member named like one every object inherits (`constructor`,
 *   `toString`, `__proto__`) is read only when it is the value's own, as
 *   `JSON.stringify` would: otherwise the prototype's function, or a class's
 *   source text, was written. Other members are read as fast-json-stringify
 *   reads them, so a getter of the value's own class is still written.
 */
export function restore({ code, validator, serializer }: Debug, patterns: readonly RegExp[]): (value: unknown) => string {
  const rewritten = code
    .replace(LITERAL, (_literal, index: string) => `waymarkPatterns[${index}].test(`)
    .replace(READ, (read, object: string, key: string) => (INHERITED.has(JSON.parse(key) as string) ? `(Object.hasOwn(${object}, ${key}) ? ${read} : undefined)` : read));
  if (LEFT.test(rewritten)) throw new Error('fast-json-stringify wrote a patternProperties key in a form waymark does not recognise, so it would run on a backtracking engine');
  return new Function('validator', 'serializer', 'waymarkPatterns', rewritten)(validator, serializer, patterns) as (value: unknown) => string;
}
