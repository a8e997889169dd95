import { detailNameOf, type Operation } from './operations';
import type { ContractResponse } from './send';

/** Keeps at most this many resources per detail operation: enough to reach it, not a growing list to draw from. */
const MAX_KNOWN = 16;

/**
 * Links from create and list operations to detail operations, inferred from
 * route names (`users-create` and `users-list` → `users-detail`,
 * `catalog:books:create` → `catalog:books:detail`): each 2xx answer of a
 * create operation gives the detail operation's path parameters, from its
 * `Location` header or, failing that, from members of its JSON body with the
 * parameters' names; each 2xx answer of a list operation gives them from each
 * item of the list it holds (the body, or its first member that is a list).
 * The detail operation then draws from them as often as from made-up values,
 * so it is answered with success, not only 404 (docs/testing.md#the-2xx-floor).
 */
export class Links {
  private readonly known = new Map<Operation, Record<string, string>[]>();
  private readonly detailOf = new Map<Operation, Operation>();

  constructor(operations: readonly Operation[]) {
    for (const operation of operations) {
      const name = detailNameOf(operation.route);
      const detail = name === null ? undefined : operations.find((other) => other.route === name && other.method === 'GET' && other.version === operation.version);
      if (detail !== undefined && pathNames(detail).length > 0) this.detailOf.set(operation, detail);
    }
  }

  /** Whether `operation` makes or lists resources another operation reads: it is checked first. */
  creates(operation: Operation): boolean {
    return this.detailOf.has(operation);
  }

  /** The path parameters of resources `operation` can read. */
  knownFor(operation: Operation): readonly Record<string, string>[] {
    return this.known.get(operation) ?? [];
  }

  /** Learns from a create operation's answer. */
  record(operation: Operation, response: ContractResponse): void {
    const detail = this.detailOf.get(operation);
    if (detail === undefined || response.status < 200 || response.status >= 300) return;
    const listed = /list$/i.test(operation.route);
    const found = listed ? fromList(detail, response) : [fromLocation(detail, response) ?? fromBody(detail, response)];
    const list = this.known.get(detail) ?? [];
    for (const one of found) {
      if (one !== null && list.length < MAX_KNOWN && !list.some((each) => JSON.stringify(each) === JSON.stringify(one))) list.push(one);
    }
    this.known.set(detail, list);
  }
}

const pathNames = (operation: Operation) => operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);

function fromLocation(detail: Operation, response: ContractResponse): Record<string, string> | null {
  const location = response.headers.location;
  if (typeof location !== 'string') return null;
  const names: string[] = [];
  const template = `${detail.server.pathname.replace(/\/$/, '')}${detail.path}`;
  const source = template.split(/\{([^{}]+)\}/).map((part, index) => (index % 2 === 1 ? (names.push(part), '([^/]+)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  const match = new RegExp(`^${source.join('')}$`).exec(new URL(location, detail.server).pathname);
  if (match === null) return null;
  try {
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1])]));
  } catch {
    return null;
  }
}

function parsed(response: ContractResponse): unknown {
  try {
    return JSON.parse(response.body);
  } catch {
    return undefined;
  }
}

/** Each item of a list answer (`[...]`, or `{ data: [...] }`-style: its first member that is a list), as `fromBody` reads one. */
function fromList(detail: Operation, response: ContractResponse): (Record<string, string> | null)[] {
  const body = parsed(response);
  const items = Array.isArray(body) ? body : typeof body === 'object' && body !== null ? Object.values(body).find(Array.isArray) : undefined;
  return Array.isArray(items) ? items.slice(0, MAX_KNOWN).map((item) => paramsIn(detail, item)) : [];
}

function fromBody(detail: Operation, response: ContractResponse): Record<string, string> | null {
  return paramsIn(detail, parsed(response));
}

function paramsIn(detail: Operation, body: unknown): Record<string, string> | null {
  if (body === undefined) return null;
  const found: Record<string, string> = {};
  for (const name of pathNames(detail)) {
    const value = find(body, name, 0);
    if (value === undefined) return null;
    found[name] = value;
  }
  return found;
}

/** The first member named `name` with a string or number value, breadth first (`{ data: { id } }` finds `id`). */
function find(value: unknown, name: string, depth: number): string | undefined {
  if (value === null || typeof value !== 'object' || depth > 3) return undefined;
  const own = (value as Record<string, unknown>)[name];
  if (typeof own === 'string' || typeof own === 'number') return String(own);
  for (const member of Object.values(value)) {
    const deeper = find(member, name, depth + 1);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}
