import { checkContract, ContractViolation } from '../testing';
import type { Command } from './command';
import { loadApp } from './load-app';

function integer(value: unknown, option: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number)) throw new Error(`--${option} takes an integer; got '${String(value)}'.`);
  return number;
}

/**
 * `waymark check-contract <module>` and its options (the usage line below):
 * `checkContract` of waymark/testing on the module's app (docs/testing.md). Each
 * operation's coverage goes to standard output; every failure, with its shrunk
 * request and the response, to standard error, and the exit status is 1.
 */
export const checkContractCommand: Command = {
  synopsis: '<module> [--runs n] [--seed n] [--version v]... [--skip route]...',
  summary: 'send requests generated from every version\'s OpenAPI document to the app; fail on an answer the document does not describe',
  options: { runs: { type: 'string' }, seed: { type: 'string' }, version: { type: 'string', multiple: true }, skip: { type: 'string', multiple: true } },
  positionals: [1, 1],
  async run({ positionals, values }, io) {
    const app = await loadApp(positionals[0]);
    // The app's own error log would repeat each planted or real 500 the report already shows.
    app.silent = true;
    const versions = Array.isArray(values.version) ? values.version.map(String) : undefined;
    const skip = Array.isArray(values.skip) ? values.skip.map(String) : undefined;
    try {
      const report = await checkContract(app, { runs: integer(values.runs, 'runs'), seed: integer(values.seed, 'seed'), versions, skip });
      for (const { route, method, path, version, statuses, requests } of report.operations) {
        io.out(`${method.padEnd(6)} ${path.padEnd(32)} ${route.padEnd(24)} ${(version ?? '-').padEnd(6)} ${String(requests).padStart(4)} requests  ${statuses.join(' ')}`);
      }
      io.out(`${report.operations.length} operations kept their documents (seed ${report.seed}).`);
      return 0;
    } catch (error) {
      if (!(error instanceof ContractViolation)) throw error;
      io.err(error.message);
      return 1;
    }
  },
};
