/**
 * `waymark/testing`: proving that an app's OpenAPI documents tell the truth
 * (docs/testing.md). fast-check is an optional peer dependency of this entry only.
 */
import type { App } from '../app';
import { runContractCheck, type ContractOptions, type ContractReport } from './check';

export type { ContractOperation, ContractOptions, ContractReport, OperationCoverage } from './check';
export { MIN_SUCCESS_SHARE } from './check';
export { ContractViolation, type ContractFailure, type OperationName } from './failure';

/**
 * Checks the app against its own OpenAPI documents, one per version: requests
 * generated from each document (valid ones and ones that break one rule) are
 * sent to the app in process, on an ephemeral port of 127.0.0.1, and every
 * answer must have a documented status, a documented media type and a body
 * its documented schema accepts, never a 5xx; an invalid request must be
 * refused with a 4xx. A create route's answers lead to its detail route
 * (`users-create` → `users-detail`). Resolves to each operation's coverage;
 * rejects with a `ContractViolation` listing every failure, each with the
 * shrunk request and the response.
 *
 * @example
 * ```ts
 * import { checkContract } from 'waymark/testing';
 *
 * @Controller('/books')
 * class Books {
 *   @Get('/:id', { name: 'books-detail', requirements: { id: /\d+/ }, responses: { 200: { schema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } } })
 *   detail(@Param('id') id: number) {
 *     return { id };
 *   }
 * }
 * const report = await checkContract(createApp({ routes: [Books] }), { runs: 20 });
 * assert.deepEqual(report.operations.map(({ route, method }) => [route, method]), [['books-detail', 'GET']]);
 * assert.ok(report.operations[0].statuses.includes(200));
 * ```
 */
export function checkContract(app: App, options?: ContractOptions): Promise<ContractReport> {
  return runContractCheck(app, options);
}
