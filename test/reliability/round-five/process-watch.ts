/**
 * Watches the process for what would kill it (an unhandled rejection, an
 * uncaught exception) while a test runs: mocha's own listeners are set
 * aside and put back, so that a failure is this test's assertion, not a
 * crash of the run.
 */
export interface ProcessWatch {
  readonly failures: unknown[];
  /** Lets pending rejections surface (Node reports them after the microtask queue drains), then stops watching. */
  stop(): Promise<unknown[]>;
}

const EVENTS = ['unhandledRejection', 'uncaughtException'] as const;

export function watchProcess(): ProcessWatch {
  const failures: unknown[] = [];
  const saved = EVENTS.map((event) => [event, process.listeners(event as 'uncaughtException')] as const);
  for (const event of EVENTS) process.removeAllListeners(event);
  const record = (reason: unknown): void => {
    failures.push(reason);
  };
  for (const event of EVENTS) process.on(event, record);
  return {
    failures,
    async stop() {
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (const event of EVENTS) process.removeListener(event, record);
      for (const [event, listeners] of saved) for (const listener of listeners) process.on(event as 'uncaughtException', listener);
      return failures;
    },
  };
}
