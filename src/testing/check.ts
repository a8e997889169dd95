import type { App } from '../app';
import { emitWaymarkWarning, InvalidArgument } from '../errors';
import { ContractViolation, failureOf, type ContractFailure, type OperationName } from './failure';
import { loadFastCheck, type Fc } from './fast-check';
import { Links } from './links';
import { operationsOf, type ContractDocument, type Operation } from './operations';
import { requestsOf } from './requests';
import { Sender, type ContractRequest, type ContractResponse } from './send';
import { DocumentSchemas } from './validator';
import { verify } from './verify';
import { versionsToCheck } from './versions';

/** An operation as `authorize` sees it: its name and the security requirements of its document. */
export interface ContractOperation extends OperationName {
  readonly security: readonly Readonly<Record<string, readonly string[]>>[];
}

/** What `checkContract` takes; everything is optional. */
export interface ContractOptions {
  /** The versions whose documents are checked (default: every version the app allows). */
  versions?: readonly string[];
  /** Requests per operation and version (default 100, fast-check's). */
  runs?: number;
  /** Repeats a run: fast-check's starting number (a failure's message gives it). */
  seed?: number;
  /** Route names left out (a name matches the route's full name or its end after a `:`). */
  skip?: readonly string[];
  /** The headers that satisfy an operation's security (`{ authorization: 'Bearer ...' }`); called once per operation that has some. */
  authorize?: (operation: ContractOperation) => Record<string, string> | undefined | Promise<Record<string, string> | undefined>;
}

/** One operation's coverage: the statuses the check saw it answer. */
export interface OperationCoverage extends OperationName {
  /** Statuses seen, ascending. */
  readonly statuses: readonly number[];
  /** Requests sent to it (shrinking included). */
  readonly requests: number;
}

/** What `checkContract` resolves to when the app kept every promise of its documents. */
export interface ContractReport {
  readonly operations: readonly OperationCoverage[];
  readonly seed: number;
}

/**
 * Below this share of valid requests answered 2xx, the check fails: a
 * generator that only made requests the app refuses would prove nothing.
 * A 404 from an operation with path parameters (an id that does not exist)
 * is not counted either way (docs/testing.md#the-2xx-floor).
 *
 * @example
 * assert.equal(MIN_SUCCESS_SHARE, 0.2); // a fifth of the valid requests, over the whole check
 */
export const MIN_SUCCESS_SHARE = 0.2;

interface Tally {
  valid: number;
  succeeded: number;
  /** Operations with path parameters whose valid requests were each answered 404 (made-up ids): not counted against the floor. */
  unknownOnly: Set<Operation>;
}

/** Runs the check (docs/testing.md); `checkContract` in index.ts is its documented face. */
export async function runContractCheck(app: App, options: ContractOptions = {}): Promise<ContractReport> {
  const runs = options.runs ?? 100;
  if (!Number.isInteger(runs) || runs < 1) throw new InvalidArgument(`checkContract(): runs must be a positive integer; got ${String(runs)}.`);
  const fc = loadFastCheck();
  const seed = options.seed ?? Math.floor(Math.random() * 0x7fffffff);
  const versions = versionsToCheck(app, options.versions);
  const skipped = (route: string) => (options.skip ?? []).some((name) => route === name || route.endsWith(`:${name}`));
  const sender = await Sender.start(app.callback());
  const coverage: OperationCoverage[] = [];
  const failures: ContractFailure[] = [];
  const tally: Tally = { valid: 0, succeeded: 0, unknownOnly: new Set() };
  try {
    let index = 0;
    for (const version of versions) {
      const document = app.openapi(version === null ? {} : { version }) as unknown as ContractDocument;
      const schemas = new DocumentSchemas(document);
      const operations = operationsOf(document, version).filter((operation) => !skipped(operation.route));
      const links = new Links(operations);
      // Create operations first: what they make, the detail operations then read.
      const ordered = [...operations.filter((operation) => links.creates(operation)), ...operations.filter((operation) => !links.creates(operation))];
      for (const operation of ordered) {
        const auth = await authOf(operation, options);
        const run = { fc, operation, schemas, links, sender, auth, runs, seed: (seed + index++) | 0, tally };
        const { statuses, requests, failure } = await checkOperation(run);
        coverage.push({ ...nameOf(operation), statuses: [...statuses].sort((a, b) => a - b), requests });
        if (failure !== null) failures.push(failure);
      }
    }
  } finally {
    await sender.stop();
  }
  if (failures.length === 0 && tally.valid > 0 && tally.succeeded / tally.valid < MIN_SUCCESS_SHARE) {
    const never = coverage.filter((each) => !each.statuses.some((status) => status >= 200 && status < 300));
    const problem = `only ${tally.succeeded} of ${tally.valid} valid requests were answered 2xx (at least ${MIN_SUCCESS_SHARE * 100}% must be); never 2xx: ${never.map((each) => each.route).join(', ') || 'none'}. Give authorize() for secured operations, or skip routes that cannot succeed.`;
    failures.push(failureOf({ route: '(all operations)', method: '*', path: '*', version: null }, problem, null, null));
  }
  if (failures.length > 0) throw new ContractViolation(failures, seed);
  if (tally.unknownOnly.size > 0) emitWaymarkWarning('WMWRN003', { routes: [...tally.unknownOnly].map((operation) => operation.route).join(', ') }, new Set());
  return { operations: coverage, seed };
}

const nameOf = ({ route, method, path, version }: Operation): OperationName => ({ route, method, path, version });

async function authOf(operation: Operation, options: ContractOptions): Promise<Record<string, string>> {
  const secured = operation.security.some((requirement) => Object.keys(requirement).length > 0);
  if (!secured || options.authorize === undefined) return {};
  const headers = await options.authorize({ ...nameOf(operation), security: operation.security });
  return Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}

interface OperationRun {
  fc: Fc;
  operation: Operation;
  schemas: DocumentSchemas;
  links: Links;
  sender: Sender;
  auth: Record<string, string>;
  runs: number;
  seed: number;
  tally: Tally;
}

/** One operation's property: every generated request is sent and its answer verified; fast-check shrinks the first that fails. */
async function checkOperation({ fc, operation, schemas, links, sender, auth, runs, seed, tally }: OperationRun) {
  const statuses = new Set<number>();
  let requests = 0;
  let unknown = 0;
  let reached = false;
  const hasPathParameters = operation.parameters.some((parameter) => parameter.in === 'path');
  let last: { request: ContractRequest; response: ContractResponse; problem: string } | null = null;
  const arbitrary = requestsOf(operation, { fc, schemas, known: links.knownFor(operation), auth });
  const property = fc.asyncProperty(arbitrary, async (request) => {
    const response = await sender.send(request);
    requests++;
    statuses.add(response.status);
    links.record(operation, response);
    const problem = verify(operation, request, response, schemas);
    if (problem !== null) {
      last = { request, response, problem };
      return false;
    }
    if (request.invalid === null) {
      // A documented answer to an id that does not exist is no sign of a broken app: not counted (docs/testing.md#the-2xx-floor).
      if (response.status === 404 && hasPathParameters) unknown++;
      else {
        tally.valid++;
        if (response.status >= 200 && response.status < 300) tally.succeeded++;
      }
      if (response.status >= 200 && response.status < 300) reached = true;
    }
    return true;
  });
  let failure: ContractFailure | null = null;
  const details = await fc.check(property, { numRuns: runs, seed }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  if (details instanceof Error) {
    // Drawing a request failed (a schema the generator cannot satisfy): the operation's failure, not the whole check's.
    return { statuses, requests, failure: failureOf(operation, `the check could not generate requests: ${details.message}`, null, null) };
  }
  if (details.failed) {
    const found = last as { request: ContractRequest; response: ContractResponse; problem: string } | null;
    failure = found !== null ? failureOf(operation, found.problem, found.request, found.response) : failureOf(operation, `the check itself failed: ${String(details.errorInstance ?? 'unknown error')}`, null, null);
  }
  if (!reached && unknown > 0) tally.unknownOnly.add(operation);
  return { statuses, requests, failure };
}
