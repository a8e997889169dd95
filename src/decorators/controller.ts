import { MetadataKeys, readOwn, write } from '../metadata';
import { assertLegacyCall } from './legacy';
import type { VersioningScheme } from '../versioning/scheme';

export interface ControllerOptions {
  /** Adds a namespace level: `'users'` makes route names `users:<route name>`. */
  namespace?: string;
  /** Overrides the app's versioning scheme for this controller; `null` turns versioning off. */
  versioning?: VersioningScheme | null;
  /** Versions every route of this controller serves (docs/versioning.md). */
  versions?: readonly (string | null)[];
}

export interface ControllerMetadata {
  prefix: string;
  options: ControllerOptions;
}

/**
 * Marks a class as a controller whose routes live under `prefix`; its
 * `namespace` option adds a level to its routes' names.
 *
 * @example
 * ```ts
 * @Controller('/users', { namespace: 'users' })
 * class UsersController {
 *   @Get('/:id', 'detail') detail(@Param('id') id: string) {
 *     return { id };
 *   }
 * }
 * const app = createApp({ routes: [UsersController] });
 * assert.equal(app.url('users:detail', { id: 7 }), '/users/7');
 * ```
 */
export function Controller(prefix = '', options: ControllerOptions = {}): ClassDecorator {
  const record: ControllerMetadata = { prefix, options: { ...options } };
  return ((...args: unknown[]) => {
    assertLegacyCall(args, `@Controller('${prefix}')`);
    write(MetadataKeys.controller, record, args[0] as Function);
  }) as ClassDecorator;
}

export function controllerMetadata(target: Function): ControllerMetadata | undefined {
  return readOwn<ControllerMetadata>(MetadataKeys.controller, target);
}
