import fc from 'fast-check';
import type { Config } from './app';

/** One generated request, sent as is to both sides: `path` is the raw request-target. */
export interface DiffRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  /** The body, base64-encoded (content-generate.ts); none when absent. */
  body?: string;
}

const versions = ['v1', 'v2', 'v9', 'V1', '1.0', ''];
const pick = <T>(...values: T[]) => fc.constantFrom(...values);

export const configArb: fc.Arbitrary<Config> = fc.record({
  scheme: pick<Config['scheme']>('accept', 'path', 'namespace', 'host', 'query', null),
  defaultVersion: pick(null, 'v1', 'v9'),
  allowedVersions: pick<(string | null)[] | null>(null, [], ['v1', 'v2'], ['v1', 'v2', null], ['v2', 'other']),
  versionParam: pick('version', 'version', 'v', 'Ver'),
  mediaTypes: pick(['application/json'], ['application/json', 'text/html']),
  proxy: fc.boolean(),
});

/** A path parameter as sent: plain, percent-encoded odd characters, or sub-delimiters left bare. */
const pk = fc.oneof(
  pick('5', '42', 'abc', 'a-b_c.d~e', '%C3%A9t%C3%A9', 'a%20b', 'a+b', "a!$&'()*+,;=:@b", '%2A', '%7E', 'x%2Fy', '%25', '%E2%98%83'),
  fc
    .tuple(fc.string({ unit: fc.constantFrom(...'ab7 ~*!$&\'()+,;=:@%é/?#.'.split('')), minLength: 1, maxLength: 6 }), fc.boolean())
    .map(([text, bare]) => {
      const encoded = encodeURIComponent(text);
      return bare ? encoded.replace(/%2C|%3B|%3D|%3A|%40|%24|%26|%2B/g, (hex) => decodeURIComponent(hex)) : encoded;
    }),
);

const pathArb: fc.Arbitrary<string> = fc.oneof(
  pick('/users', '/users/', '/nothing', '/ns/v1/users', '/ns/v2/users/', '/ns/other/users', '/ns/v3/users', '/USERS'),
  pk.map((value) => `/users/${value}`),
  fc.tuple(pick(...versions.filter(Boolean), 'v%31', 'x'), fc.option(pk)).map(([version, value]) => `/${version}/users${value === null ? '' : `/${value}`}`),
  fc.tuple(pick('v1', 'v2', 'other'), pk).map(([ns, value]) => `/ns/${ns}/users/${value}`),
);

const queryValue = pick('v1', 'v2', 'v9', '', 'a+b', 'a%20b', 'a~b', 'a%7Eb', '*', '%2A', '%E2%98%83', '%zz', 'a%26b', '1.0', 'V1');
const queryKey = pick('version', 'v', 'Ver', 'x', 'a~b', '*', 'version%5B%5D', 'format');
const queryArb: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.tuple(queryKey, queryValue).map(([k, v]) => `${k}=${v}`), queryKey), { maxLength: 4 })
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.join('&')}`));

/** Hosts: mostly well-formed and versioned ones, and every odd form of Host that docs/security.md#hosts-versions-and-links refuses. */
const goodHostArb = pick('testserver', 'v1.example.com', 'v2.example.com:8000', 'V1.Example.org', 'v9.example.com', 'example.com', 'localhost:8000', '[::1]:8000', 'xn--4ca9at.com');
const oddHostArb = pick(
  'testserver',
  'v1.example.com',
  'v2.example.com:8000',
  'V1.Example.org',
  'v9.example.com',
  'other.example.com',
  'v1.api.example.org',
  'example.com',
  'localhost:8000',
  '127.0.0.1:8000',
  '[::1]:8000',
  '[2001:db8::1]',
  'xn--4ca9at.com',
  '1.2.3',
  'example.com:65535',
  'example.com:0',
  // refused by Django's syntax check and by waymark
  '.',
  '.:8000',
  'a..b',
  'example.com:80/badpath',
  'user@example.com',
  // accepted by Django's syntax check, refused by waymark's Host rule (docs/security.md#hosts-versions-and-links)
  'a.b.c:65536',
  '[::1]:99999',
  '1.2.3.999',
  'v1.example.123',
  '4294967296',
  '[:::::]',
  '[1:2]',
  'xn--a.com',
  'example.com:080',
);
const hostArb = fc.oneof({ weight: 3, arbitrary: goodHostArb }, { weight: 1, arbitrary: oddHostArb });

const mediaRange = pick('application/json', 'application/json', 'text/html', '*/*', 'application/*', 'text/*', 'application/xml', 'Application/JSON');
const qArb = pick('1', '0.5', '0.8', '0', '0.000', '2', 'abc', '', '-1', '0.0001', '1.0', '0.001', '1.000');

function versionParamArb(name: string) {
  return fc.oneof(
    pick('v1', 'v2', 'v9', '""', '"v1"', "'v1'", '"a,b"', '"a;b"', 'V1', '').map((v) => `${name}=${v}`),
    pick("utf-8''v1", "UTF-8''v%32", "iso-8859-1''v%31", "utf-8''v%E9", "iso-8859-1''v%E9", "bogus''v1", "us-ascii''v1", "utf-8'en'v2").map((v) => `${name}*=${v}`),
  );
}

function acceptArb(versionParam: string): fc.Arbitrary<string> {
  const range = fc
    .tuple(mediaRange, fc.option(pick(versionParam, 'version').chain(versionParamArb), { nil: undefined }), fc.option(qArb, { nil: undefined }), pick('; ', ';', ' ; '))
    .map(([type, version, q, sep]) => [type, version, q === undefined ? undefined : `q=${q}`].filter(Boolean).join(sep));
  const chosen = pick('*/*; version="a;b"', `*/*;${versionParam}="v1;x"`, 'application/json; version="a,b"', 'application/json; q=2', '*/*; q=abc; version=v2');
  return fc.oneof({ weight: 5, arbitrary: fc.array(range, { minLength: 1, maxLength: 3 }).map((ranges) => ranges.join(', ')) }, { weight: 1, arbitrary: chosen });
}

export function requestArb(config: Config): fc.Arbitrary<DiffRequest> {
  return fc
    .record({
      method: fc.constantFrom<DiffRequest['method']>('GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'POST', 'DELETE'),
      path: pathArb,
      query: queryArb,
      host: hostArb,
      forwarded: fc.option(hostArb, { freq: 5 }),
      accept: fc.option(acceptArb(config.versionParam), { freq: 4 }),
    })
    .map(({ method, path, query, host, forwarded, accept }) => {
      const headers: Record<string, string> = { host };
      if (forwarded !== null) headers['x-forwarded-host'] = forwarded;
      if (accept !== null) headers.accept = accept;
      return { method, path: path + query, headers };
    });
}

/** `configs` configurations with `perConfig` requests each, the same for a given seed. */
export function generate(seed: number, configs: number, perConfig: number): { config: Config; requests: DiffRequest[] }[] {
  return fc.sample(configArb, { seed, numRuns: configs }).map((config, index) => ({
    config,
    requests: fc.sample(requestArb(config), { seed: seed + index + 1, numRuns: perConfig }),
  }));
}
