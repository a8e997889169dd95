import { detailNameOf, type Operation } from './operations';
import type { ContractResponse } from './send';

/** Keeps at most this many resources per detail operation: enough to reach it, not a growing list to draw from. */
const MAX_KNOWN = 16;

/**
 * Links from create operations to detail operations, inferred from route
 * names (`users-create` → `users-detail`, `catalog:books:create` →
 * `catalog:books:detail`): each 2xx answer of a create operation gives the
 * detail operation's path parameters, from its `Location` header or, failing
 * that, from members of its JSON body with the parameters' names. The detail
 * operation then draws from them as often as from made-up values, so it is
 * answered with success, not only 404.
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

  /** Whether `operation` makes resources another operation reads: it is checked first. */
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
    const found = fromLocation(detail, response) ?? fromBody(detail, response);
    if (found === null) return;
    const list = this.known.get(detail) ?? [];
    if (list.length < MAX_KNOWN && !list.some((each) => JSON.stringify(each) === JSON.stringify(found))) list.push(found);
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

function fromBody(detail: Operation, response: ContractResponse): Record<string, string> | null {
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return null;
  }
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
