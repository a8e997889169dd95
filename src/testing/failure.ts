import { WaymarkError } from '../errors';
import type { ContractRequest, ContractResponse } from './send';

/** Which operation of which version's document: what a report and a failure name. */
export interface OperationName {
  /** The route's name (`x-waymark-route`), else the operationId. */
  readonly route: string;
  readonly method: string;
  /** The document's path template. */
  readonly path: string;
  /** `null` for an app without versioning. */
  readonly version: string | null;
}

/** One way the app broke its document: the operation, what was wrong, and the shrunk request with its response. */
export interface ContractFailure {
  readonly operation: OperationName;
  readonly problem: string;
  /** `null` when the failure is not one request's (too few successes overall). */
  readonly request: ContractRequest | null;
  readonly response: { readonly status: number; readonly contentType: string | null; readonly body: string } | null;
}

/** A response body in a report stays short. */
const EXCERPT = 400;

export function failureOf(operation: OperationName, problem: string, request: ContractRequest | null, response: ContractResponse | null): ContractFailure {
  const type = response?.headers['content-type'];
  return {
    operation: { route: operation.route, method: operation.method, path: operation.path, version: operation.version },
    problem,
    request,
    response: response === null ? null : { status: response.status, contentType: typeof type === 'string' ? type : null, body: response.body.length > EXCERPT ? `${response.body.slice(0, EXCERPT)}...` : response.body },
  };
}

export const nameOf = ({ route, method, path, version }: OperationName) => `${route} (${method} ${path}${version === null ? '' : `, version ${version}`})`;

function describe(failure: ContractFailure, index: number): string {
  const lines = [`${index + 1}. ${nameOf(failure.operation)}: ${failure.problem}`];
  const { request, response } = failure;
  if (request !== null) {
    lines.push(`   request: ${request.method} ${request.url}`);
    for (const [name, value] of Object.entries(request.headers)) lines.push(`     ${name}: ${value}`);
    if (request.body !== undefined) lines.push(`     ${JSON.stringify(request.body.length > EXCERPT ? `${request.body.slice(0, EXCERPT)}...` : request.body)}`);
  }
  if (response !== null) {
    lines.push(`   response: ${response.status}${response.contentType === null ? '' : ` ${response.contentType}`}`);
    if (response.body !== '') lines.push(`     ${response.body}`);
  }
  return lines.join('\n');
}

/**
 * What `checkContract()` rejects with: every failure, each naming its
 * operation with the shrunk request and the response, and the number that
 * reproduces the run (the option of that name of `checkContract`).
 *
 * @example
 * const error = new ContractViolation([{ operation: { route: 'users-detail', method: 'GET', path: '/users/{id}', version: null }, problem: 'answered 500, a server error', request: null, response: null }], 42);
 * assert.equal(error.code, 'CONTRACT_VIOLATION');
 * assert.match(error.message, /users-detail \(GET \/users\/\{id\}\): answered 500/);
 */
export class ContractViolation extends WaymarkError {
  constructor(
    readonly failures: readonly ContractFailure[],
    readonly seed: number,
  ) {
    const count = failures.length === 1 ? '1 failure' : `${failures.length} failures`;
    super('CONTRACT_VIOLATION', [`The app does not answer as its OpenAPI documents say: ${count} (reproduce with seed: ${seed}).`, ...failures.map(describe)].join('\n'));
  }
}
