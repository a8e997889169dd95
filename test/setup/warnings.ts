// Loaded by .mocharc.json: Node prints each process warning it is sent, and the suite builds
// apps that share route names on purpose (the WMWRN001 tests and fixtures) many times over.
// Node's printer is a 'warning' listener; it is wrapped so that a WaymarkWarning with the same
// code and message is printed once per test process. Every listener a test adds still hears
// each warning, so the tests of warnings (test/table/duplicate-names.test.ts) are unaffected.
const printed = new Set<string>();
for (const printer of process.listeners('warning')) {
  process.off('warning', printer);
  process.on('warning', (warning: Error & { code?: string }) => {
    if (warning.name === 'WaymarkWarning') {
      const key = `${warning.code} ${warning.message}`;
      if (printed.has(key)) return;
      printed.add(key);
    }
    printer(warning);
  });
}
