import { ImproperlyConfigured } from '../errors';

/**
 * Where each client's version pin is kept (docs/pinning.md). Both methods may
 * answer at once or with a promise; `get` answers `undefined` (or `null`) for
 * a client with no pin. Keep the pins of every process of an app in one
 * store (Redis, a database) so that they agree.
 *
 * @example
 * ```ts
 * const pins = new Map<string, string>();
 * const store: VersionPinStore = {
 *   get: async (clientId) => pins.get(clientId),
 *   set: async (clientId, version) => void pins.set(clientId, version),
 * };
 * await store.set('key-1', 'v1');
 * assert.equal(await store.get('key-1'), 'v1');
 * ```
 */
export interface VersionPinStore {
  get(clientId: string): PromiseLike<string | null | undefined> | string | null | undefined;
  set(clientId: string, version: string): PromiseLike<unknown> | unknown;
}

/**
 * The pins in this process's memory: for one process, tests and examples.
 * It answers without a promise, so pinning costs no timer per request.
 *
 * @example
 * ```ts
 * const store = new MemoryPinStore();
 * store.set('key-1', 'v1');
 * assert.deepEqual([store.get('key-1'), store.get('key-2')], ['v1', undefined]);
 * ```
 */
export class MemoryPinStore implements VersionPinStore {
  private readonly pins = new Map<string, string>();

  get(clientId: string): string | undefined {
    return this.pins.get(clientId);
  }

  set(clientId: string, version: string): void {
    this.pins.set(clientId, version);
  }
}

/** What `RedisPinStore` uses of a Redis client: ioredis and node-redis 4+ both have it. */
export interface RedisLikeClient {
  get(key: string): PromiseLike<string | null>;
  set(key: string, value: string): PromiseLike<unknown>;
}

/**
 * The pins in Redis, through a client you make and own (ioredis, node-redis):
 * waymark depends on no Redis package. Each pin is the key `prefix + clientId`
 * (default prefix `'waymark:pin:'`), kept until it is overwritten.
 *
 * @example
 * ```ts
 * const data = new Map<string, string>(); // stands in for `new Redis(url)` from ioredis
 * const redis = { get: async (key: string) => data.get(key) ?? null, set: async (key: string, value: string) => void data.set(key, value) };
 * const store = new RedisPinStore(redis, { prefix: 'api:pin:' });
 * await store.set('key-1', 'v1');
 * assert.deepEqual([...data], [['api:pin:key-1', 'v1']]);
 * assert.equal(await store.get('key-1'), 'v1');
 * ```
 */
export class RedisPinStore implements VersionPinStore {
  private readonly prefix: string;

  constructor(
    private readonly client: RedisLikeClient,
    options: { prefix?: string } = {},
  ) {
    if (typeof client?.get !== 'function' || typeof client.set !== 'function') {
      throw new ImproperlyConfigured('new RedisPinStore(client) needs a Redis client with get(key) and set(key, value), such as new Redis(url) from ioredis.');
    }
    this.prefix = options.prefix ?? 'waymark:pin:';
  }

  async get(clientId: string): Promise<string | undefined> {
    return (await this.client.get(this.prefix + clientId)) ?? undefined;
  }

  async set(clientId: string, version: string): Promise<void> {
    await this.client.set(this.prefix + clientId, version);
  }
}
