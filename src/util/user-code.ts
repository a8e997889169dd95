/**
 * The one place that calls the app's own code at an extension point (a
 * custom parameter's resolver, a validator, `errors.render`,
 * `onDeprecatedRequest`, a pin store, the handler step a guard's `next`
 * runs) and owns what it gives back, as koa-compose owns each middleware's
 * promise (docs/architecture.md#user-code).
 *
 * A value is given back as it is: no promise, no microtask, on the request
 * path when the code answers at once. A thenable becomes a native promise
 * whose rejection is already handled: whoever awaits it still sees the
 * failure, and one that is never awaited (a later parameter failed first)
 * is no unhandled rejection. What the code throws, it throws to the caller,
 * whose error path handles it; a thenable whose `then` cannot even be read
 * is such a throw.
 */
export function call<A extends unknown[], R>(code: (...args: A) => R, ...args: A): Awaited<R> | Promise<Awaited<R>> {
  return owned(code(...args));
}

/** What user code returned, owned as `call` owns it. */
export function owned<T>(value: T): Awaited<T> | Promise<Awaited<T>> {
  if (!isThenable(value)) return value as Awaited<T>;
  const promise = Promise.resolve(value) as Promise<Awaited<T>>;
  promise.catch(ignore);
  return promise;
}

/**
 * Calls user code whose answer nothing waits for (a report such as
 * `onDeprecatedRequest`): whatever it throws or rejects with goes to
 * `failed` (the app's `error` event), never further, and a promise that
 * never settles holds nothing up.
 */
export function notify<A extends unknown[]>(failed: (error: unknown) => void, code: (...args: A) => unknown, ...args: A): void {
  let answer: unknown;
  try {
    answer = owned(code(...args));
  } catch (error) {
    failed(error);
    return;
  }
  if (answer instanceof Promise) answer.catch(failed);
}

/** Whether a value is a thenable; reading `then` is user code too (a getter, a Proxy) and may throw. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}

/**
 * An `Error` for Koa's `error` event, which refuses anything else (`throw null`).
 * Koa's default listener reads `status`, `expose` and `stack`: an error on
 * which one of them throws, and a value that cannot even be turned into a
 * string, are replaced by an `Error` that says so.
 */
export function asError(error: unknown): Error {
  try {
    if (!(error instanceof Error)) return new Error(`Non-error thrown: ${String(error)}`);
    // Read here, where a throw is caught, rather than in Koa's listener.
    const { status, expose, stack } = error as Error & { status?: unknown; expose?: unknown };
    void [status, expose, stack];
    return error;
  } catch {
    return new Error('Thrown: a value that throws when inspected');
  }
}

function ignore(): void {}
