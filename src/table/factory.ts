import { ImproperlyConfigured } from '../errors';

/**
 * One entry of a `renderers` or `parsers` list as given: the object itself,
 * or a factory passed uncalled, which stands for its defaults (`JSONParser`
 * is `JSONParser()`, as DRF's `parser_classes = [JSONParser]` names a class;
 * docs/renderers-and-parsers.md#instances-or-factories). A factory is called
 * once, with no argument, when the app is built. A class, or a factory that
 * cannot run without its arguments, is refused here naming the entry (`at`)
 * and the fix; what a factory returns is for the caller to check.
 * `example` is what the list holds (`'a parser { mediaType, parse(ctx, limits) }'`).
 */
export function madeBy(entry: unknown, at: string, example: string): unknown {
  if (typeof entry !== 'function') return entry;
  const name = entry.name;
  // Calling a class throws "cannot be invoked without 'new'": the fix is the instance.
  if (/^class\b/.test(Function.prototype.toString.call(entry))) throw new ImproperlyConfigured(`${at} is the class ${name || '(anonymous)'}: give an instance, new ${name || 'Class'}(), or ${example}.`);
  try {
    return (entry as () => unknown)();
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
    throw new ImproperlyConfigured(`${at} is ${name ? `the factory ${name}` : 'a factory'}, which cannot be called without arguments (${reason}): call it with its options${name ? `, ${name}({ ... })` : ''}.`);
  }
}

/** A value in a message: JSON where it can be, a function by its name. */
export function describeGiven(value: unknown): string {
  if (value instanceof Promise) return 'a Promise';
  if (typeof value === 'function') return value.name || 'a function';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** An entry in a message: a factory as the function returning what it made. */
export function describeEntry(entry: unknown, made: unknown): string {
  return typeof entry === 'function' ? `${entry.name ? `${entry.name}, ` : ''}a function returning ${describeGiven(made)}` : describeGiven(entry);
}
