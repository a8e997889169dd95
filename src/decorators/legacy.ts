import { ImproperlyConfigured } from '../errors';

interface StandardContext {
  kind: string;
  name?: string | symbol;
}

/**
 * waymark's decorators are TypeScript's legacy (`experimentalDecorators`)
 * ones. Without that flag, TypeScript 5 and esbuild call them as TC39
 * standard decorators, `(value, context)`, and a decorator that did not
 * notice would record nothing: an app with no routes that answers 404 to
 * everything. Throwing here, while the class is being defined, turns that into
 * a message with the fix.
 */
export function assertLegacyCall(args: readonly unknown[], decorator: string): void {
  if (!isStandardCall(args)) return;
  const context = args[1] as StandardContext;
  const target =
    context.kind === 'class'
      ? `class ${(args[0] as Function).name || '(anonymous)'}`
      : `${context.kind} ${String(context.name ?? '(anonymous)')}`;
  throw new ImproperlyConfigured(
    `${decorator} on ${target} was called as a TC39 standard decorator, so it would register nothing. ` +
      'waymark needs legacy decorators and their type metadata: set "experimentalDecorators": true and ' +
      '"emitDecoratorMetadata": true in the compilerOptions of tsconfig.json (esbuild and tsx do not emit ' +
      'the metadata: compile with tsc or ts-node).',
  );
}

/** Legacy decorators get `(target)`, `(target, key, descriptor)` or `(target, key, index)`. */
function isStandardCall(args: readonly unknown[]): boolean {
  const context = args[1] as Partial<StandardContext> | null | undefined;
  return args.length === 2 && typeof context === 'object' && context !== null && typeof context.kind === 'string';
}
