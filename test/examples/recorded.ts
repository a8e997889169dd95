import request from 'supertest';
import { createSampleApp } from '../../examples/app';

/** The sample's schemes, by their `VERSIONING` name; `unversioned` is the app without a scheme. */
export const SCHEMES = ['unversioned', 'accept-header', 'url-path', 'namespace', 'host-name', 'query-parameter'] as const;
export type Scheme = (typeof SCHEMES)[number];

/** One exchange with the sample app, as recorded: what was sent, and what came back. */
export interface Exchange {
  readonly request: string;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

interface Sent {
  readonly method: 'get' | 'post';
  readonly path: string;
  readonly body?: unknown;
}

/**
 * What a client of each released version does: list, show, miss, search, create (and read
 * back), send an empty name, and send a body that also carries a property its version does
 * not know (`displayName`), which it must ignore as it always did.
 */
const SCRIPT: readonly Sent[] = [
  { method: 'get', path: '/users' },
  { method: 'get', path: '/users/1' },
  { method: 'get', path: '/users/99' },
  { method: 'get', path: '/users/search?name=a' },
  { method: 'post', path: '/users', body: { name: 'Linus' } },
  { method: 'get', path: '/users/3' },
  { method: 'post', path: '/users', body: { name: '' } },
  { method: 'post', path: '/users', body: { name: 'Zed', displayName: 'Mallory' } },
  { method: 'get', path: '/users/4' },
];

/** The versions a client of `scheme` can ask for: `undefined` is a request that names none (the default version). */
export function clientVersions(scheme: Scheme, versions: readonly string[]): (string | undefined)[] {
  if (scheme === 'unversioned') return [undefined];
  // The version is part of the path: a request cannot leave it out.
  if (scheme === 'url-path' || scheme === 'namespace') return [...versions];
  return [undefined, ...versions];
}

/** Where `scheme` carries `version`: a path prefix, a header, the host or the query. */
export function place(scheme: Scheme, version: string | undefined, path: string): { path: string; headers: Record<string, string> } {
  const host = scheme === 'host-name' ? `${version ? `${version}.` : ''}api.localhost:3000` : 'localhost:3000';
  const headers: Record<string, string> = { Host: host, Accept: 'application/json' };
  if (version === undefined) return { path, headers };
  if (scheme === 'url-path' || scheme === 'namespace') return { path: `/${version}${path}`, headers };
  if (scheme === 'accept-header') headers.Accept = `application/json; version=${version}`;
  if (scheme === 'query-parameter') return { path: `${path}${path.includes('?') ? '&' : '?'}version=${version}`, headers };
  return { path, headers };
}

/** Runs the script against a fresh sample app under `scheme`, as a client of `version`. */
export async function exchanges(scheme: Scheme, version: string | undefined): Promise<Exchange[]> {
  const server = request(createSampleApp(scheme === 'unversioned' ? undefined : scheme, '3000').callback());
  const out: Exchange[] = [];
  for (const sent of SCRIPT) {
    const { path, headers } = place(scheme, version, sent.path);
    let call = server[sent.method](path).set(headers);
    if (sent.body !== undefined) call = call.send(sent.body as object);
    const response = await call;
    const kept = Object.fromEntries(['content-type', 'location', 'vary'].filter((name) => response.headers[name] !== undefined).map((name) => [name, String(response.headers[name])]));
    out.push({ request: `${sent.method.toUpperCase()} ${path} ${JSON.stringify(headers)}${sent.body === undefined ? '' : ` ${JSON.stringify(sent.body)}`}`, status: response.status, headers: kept, body: response.body });
  }
  return out;
}
