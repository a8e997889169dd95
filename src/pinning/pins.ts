import { InvalidArgument } from '../errors';
import type { VersioningScheme } from '../model/scheme';
import type { VersionPinStore } from './store';

/**
 * `app.pinning`: reads and moves clients' version pins (docs/pinning.md). On
 * an app without the `pinning` option, each method throws `InvalidArgument`.
 *
 * @example
 * ```ts
 * @Controller('/ping')
 * class Ping {
 *   @Get('', 'ping') ping(@Version() version: string) {
 *     return { version };
 *   }
 * }
 * const app = createApp({
 *   routes: [Ping],
 *   versioning: new QueryParameterVersioning({ defaultVersion: '2025', allowedVersions: ['2024', '2025'] }),
 *   pinning: { identify: (ctx) => ctx.get('X-Api-Key') || undefined, store: new MemoryPinStore() },
 * });
 * await app.pinning.upgrade('key-1', '2024');
 * assert.equal(await app.pinning.pinOf('key-1'), '2024');
 * await assert.rejects(app.pinning.upgrade('key-1', '1999'), InvalidArgument);
 * ```
 */
export class VersionPins {
  constructor(
    private readonly store: VersionPinStore | null,
    private readonly scheme: VersioningScheme | null,
  ) {}

  /** Pins `clientId` to `version` (a version the app's scheme allows): its requests that name none are served it from now on. */
  async upgrade(clientId: string, version: string): Promise<void> {
    const store = this.storeFor(clientId);
    if (typeof version !== 'string' || version === '' || !this.scheme?.isAllowedVersion(version)) {
      throw new InvalidArgument(`app.pinning.upgrade(): ${JSON.stringify(version)} is not a version the app's scheme allows.`);
    }
    await store.set(clientId, version);
  }

  /** The version `clientId` is pinned to, or `undefined` before its first request. */
  async pinOf(clientId: string): Promise<string | undefined> {
    return (await this.storeFor(clientId).get(clientId)) ?? undefined;
  }

  private storeFor(clientId: string): VersionPinStore {
    if (this.store === null) throw new InvalidArgument('app.pinning: this app has no pinning option; add pinning: { identify, store: new MemoryPinStore() } to createApp().');
    if (typeof clientId !== 'string' || clientId === '') throw new InvalidArgument(`app.pinning: the client id must be a non-empty string, got ${JSON.stringify(clientId)}.`);
    return this.store;
  }
}
