import fc from 'fast-check';
import type { Sent } from './app';

/** One input surface: hostile values, and valid-ish ones that must reach the handler (200). */
export interface Surface {
  name: string;
  input: fc.Arbitrary<{ scheme: string; sent: Sent; validish: boolean }>;
}

const schemes = fc.constantFrom('accept', 'path', 'namespace', 'host', 'query');
const latin = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCharCode(c));
/** What a request head may carry: printable ASCII and Latin-1 (Node refuses control characters). */
const headerText = (maxLength: number) => fc.string({ unit: fc.oneof({ weight: 9, arbitrary: latin(0x20, 0x7e) }, { weight: 1, arbitrary: latin(0xa0, 0xff) }), maxLength });
const pieces = (values: string[], random: fc.Arbitrary<string>) =>
  fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: random }), { minLength: 1, maxLength: 5 }).map((parts) => parts.join(''));

const hostParts = ['v1', 'v2', 'v9', 'example', 'com', '.', '..', ':', ':8000', ':65536', ':99999', ':0', '[', ']', '::1', '[::1]', '[:::::]', '@', 'user@', 'xn--', 'xn--a', '123', '4294967296', '1.2.3.999', '%', '%41', '_', '-', ' ', ',', '/', '\\', '*'];
const validHost = fc.constantFrom('v1.example.com', 'v2.example.com:8000', 'example.com', 'localhost:3000', '127.0.0.1:8080', '[::1]:8000', 'xn--4ca9at.com', 'Example.COM');

/** Hosts: pieces of every odd form of Host that docs/security.md#hosts-versions-and-links refuses, glued at random; valid-ish hosts must give 200 with links on that host. */
export const host: Surface = {
  name: 'Host',
  input: fc.oneof(
    fc.tuple(schemes, validHost, fc.boolean()).map(([scheme, value, forwarded]) => ({
      scheme,
      validish: true,
      sent: { path: '/users/5', headers: forwarded ? { host: 'proxy.internal', 'x-forwarded-host': value } : ({ host: value } as Record<string, string>) },
    })),
    fc.tuple(schemes, pieces(hostParts, headerText(12)), fc.boolean()).map(([scheme, value, forwarded]) => ({
      scheme,
      validish: false,
      sent: { path: '/users/5', headers: forwarded ? { host: 'example.com', 'x-forwarded-host': value.trim() || 'x' } : ({ host: value.trim() || 'x' } as Record<string, string>) },
    })),
  ),
};

const acceptParts = ['application/json', 'text/html', '*/*', 'application/*', ';', ',', ' ', '=', '"', '\\', 'version', 'version=v1', 'version=v9', 'version*=', "utf-8''v1", "bogus''v1", "''", 'q=0', 'q=2', 'q=abc', 'q=', 'q=0.0001', 'q=1.000', '%E9', '%', 'x'.repeat(300), ',,,', ';;;'];
const validAccept = fc.constantFrom('application/json', 'application/json; version=v1', '*/*; version=v2', 'text/html; version="v1"', "application/json; version*=utf-8''v2", 'application/json; q=2', '*/*;q=abc', 'application/json; version=v1; q=0.5, */*; q=0.1');

export const accept: Surface = {
  name: 'Accept',
  input: fc.oneof(
    fc.tuple(schemes, validAccept).map(([scheme, value]) => ({ scheme, validish: true, sent: { path: '/users/5', headers: { host: 'v1.example.com', accept: value } } })),
    fc.tuple(schemes, pieces(acceptParts, headerText(20))).map(([scheme, value]) => ({ scheme, validish: false, sent: { path: '/users/5', headers: { host: 'v1.example.com', accept: value } } })),
  ),
};

const queryParts = ['version', 'q', '=', '&', 'v1', 'v9', '%', '%zz', '%E2%98%83', '%FF', '+', '__proto__', 'constructor', '[]', 'a~b', '*', '%2A', '%7E', ';', '=&=&', 'version=v1', 'version=v9'];
const queryChar = fc.constantFrom(...'abcXYZ019-._~!$\'()*+,;=:@/?%&'.split(''));

export const query: Surface = {
  name: 'query',
  input: fc.oneof(
    fc.tuple(schemes, fc.constantFrom('?version=v1&q=a', '?q=%E2%98%83', '?version=v2&version=v1', '?q=a+b&q=c', '?x=1&y=2&x=3', '')).map(([scheme, value]) => ({
      scheme,
      validish: true,
      sent: { path: `/users${value}`, headers: { host: 'v1.example.com' } },
    })),
    fc.tuple(schemes, pieces(queryParts, fc.string({ unit: queryChar, maxLength: 10 })), fc.integer({ min: 1, max: 300 })).map(([scheme, value, repeat]) => ({
      scheme,
      validish: false,
      sent: { path: `/users?${repeat > 250 ? `${value}&`.repeat(repeat) : value}`, headers: { host: 'v1.example.com' } },
    })),
  ),
};

const pathParts = ['a', 'v1', 'v9', '%', '%zz', '%2e', '%2e%2e', '.', '..', '%2F', '%00', '%C3%A9', '%F0%9F%8D%8C', '%E0%A4%A', ';', ':', '@', '!', '$', "'", '(', '*', '+', ',', '=', '~', '-', '_', 'x'.repeat(300)];
const pathChar = fc.constantFrom(...'abcXYZ019-._~!$&\'()*+,;=:@%'.split(''));

export const path: Surface = {
  name: 'path',
  input: fc.oneof(
    fc.tuple(schemes, fc.constantFrom('5', 'abc', 'a-b_c.d~e', '%C3%A9t%C3%A9', 'a%20b', '%2A', 'a%2Fb', '%F0%9F%8D%8C')).map(([scheme, value]) => ({
      scheme,
      validish: true,
      sent: { path: `/users/${value}`, headers: { host: 'v1.example.com' } },
    })),
    fc.tuple(schemes, fc.array(pieces(pathParts, fc.string({ unit: pathChar, maxLength: 8 })), { minLength: 1, maxLength: 4 })).map(([scheme, segments]) => ({
      scheme,
      validish: false,
      sent: { path: `/${['users', ...segments].join('/')}`, headers: { host: 'v1.example.com' } },
    })),
  ),
};

/** What a strict JSON body parser takes: an object or an array. */
const json = fc.oneof(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), fc.array(fc.jsonValue({ maxDepth: 2 }))).map((value) => JSON.stringify(value));
const bodyParts = ['{', '}', '[', ']', '"', ':', ',', 'null', 'true', '1e999', '"__proto__"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}', '\\u0000', '\\ud800', 'x'.repeat(1000)];

export const body: Surface = {
  name: 'body',
  input: fc.oneof(
    fc.tuple(schemes, json).map(([scheme, value]) => ({
      scheme,
      validish: true,
      sent: { method: 'POST', path: '/users/echo', headers: { host: 'v1.example.com', 'content-type': 'application/json' }, body: value },
    })),
    fc.tuple(schemes, pieces(bodyParts, fc.string({ maxLength: 20 })), fc.constantFrom('application/json', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded', 'application/vnd.x+json')).map(
      ([scheme, value, type]) => ({ scheme, validish: false, sent: { method: 'POST', path: '/users/echo', headers: { host: 'v1.example.com', 'content-type': type }, body: value } }),
    ),
  ),
};

const formatParts = ['json', 'JSON', 'htm', 'xml', '', '.', '%', '%zz', '%FF', '%00', '%C0%AF', '%E2%80%AE', '..%2F', '__proto__', 'constructor', '+', '&format=', '&format=json', 'x'.repeat(300)];

/** `?format=` (the app's formatOverride): odd bytes are a 404 (no such format) or another 4xx, never a 5xx; `json` and empty are answered. */
export const format: Surface = {
  name: '?format=',
  input: fc.oneof(
    fc.tuple(schemes, fc.constantFrom('json', '', 'xml&format=json')).map(([scheme, value]) => ({ scheme, validish: true, sent: { path: `/users/5?format=${value}`, headers: { host: 'v1.example.com' } } })),
    fc.tuple(schemes, pieces(formatParts, fc.string({ unit: queryChar, maxLength: 10 }))).map(([scheme, value]) => ({
      scheme,
      validish: false,
      sent: { path: `/users/5?format=${value}`, headers: { host: 'v1.example.com' } },
    })),
  ),
};

const multipartParts = ['--b', '--b--', '\r\n', '\r\n\r\n', 'Content-Disposition: form-data', '; name="a"', '; name=', '; filename="../../etc/passwd"', '; filename="a\u0000.txt"', "; filename*=utf-8''%E9", 'Content-Type: text/plain', ':', ';', '"', 'x'.repeat(600), 'y'.repeat(3000)];
const multipartTypes = fc.constantFrom('multipart/form-data; boundary=b', 'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary="b', 'multipart/mixed; boundary=b', 'multipart/form-data; boundary=' + 'b'.repeat(80));
const upload = fc.record({ name: fc.stringMatching(/^[a-z]{1,4}$/), value: fc.string({ maxLength: 30 }), file: fc.boolean() });

/** Uploads: well-formed bodies within the route's limits must answer 200; glued pieces of the syntax (and too many parts) a 4xx. */
export const multipartBody: Surface = {
  name: 'multipart',
  input: fc.oneof(
    fc.tuple(schemes, fc.array(upload, { maxLength: 3 })).map(([scheme, parts]) => {
      let text = '';
      for (const part of parts) {
        text += `--b\r\nContent-Disposition: form-data; name="${part.name}"${part.file ? '; filename="../f.txt"' : ''}\r\n\r\n${part.value}\r\n`;
      }
      return { scheme, validish: true, sent: { method: 'POST', path: '/users/upload', headers: { host: 'v1.example.com', 'content-type': 'multipart/form-data; boundary=b' }, body: `${text}--b--\r\n` } };
    }),
    fc.tuple(schemes, fc.array(pieces(multipartParts, fc.string({ maxLength: 10 })), { maxLength: 30 }), multipartTypes).map(([scheme, pieceList, type]) => ({
      scheme,
      validish: false,
      sent: { method: 'POST', path: '/users/upload', headers: { host: 'v1.example.com', 'content-type': type }, body: pieceList.join('') },
    })),
    fc.tuple(schemes, fc.integer({ min: 21, max: 2000 })).map(([scheme, count]) => ({
      scheme,
      validish: false,
      sent: { method: 'POST', path: '/users/upload', headers: { host: 'v1.example.com', 'content-type': 'multipart/form-data; boundary=b' }, body: `${'--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n'.repeat(count)}--b--\r\n` },
    })),
  ),
};

export const surfaces: Surface[] = [host, accept, query, path, body, format, multipartBody];
