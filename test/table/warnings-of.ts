/** The process warnings of `code` emitted while `build` runs (Node emits them on the next tick). */
export async function warningsOf(build: () => unknown, code: string): Promise<Error[]> {
  const seen: Error[] = [];
  const listener = (warning: Error) => seen.push(warning);
  process.on('warning', listener);
  try {
    build();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', listener);
  }
  return seen.filter((warning) => (warning as { code?: string }).code === code);
}
