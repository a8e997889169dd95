import fc from 'fast-check';
import type { Config } from './app';
import type { DiffRequest } from './generate';
import { multipartArb } from './multipart';

/** A configuration of the content app (content-app.ts, content_views.py): versioning by Accept or none, `?format=` on or off. */
export interface ContentConfig extends Config {
  formatOverride: string | null;
  /** The app's renderers by format, for the routes that name none. */
  appRenderers: ('json' | 'txt')[];
}

const pick = <T>(...values: T[]) => fc.constantFrom(...values);

export const contentConfigArb: fc.Arbitrary<ContentConfig> = fc.record({
  scheme: pick<ContentConfig['scheme']>('accept', null),
  defaultVersion: pick(null, 'v1'),
  allowedVersions: pick<(string | null)[] | null>(null, ['v1', 'v2']),
  versionParam: fc.constant('version'),
  mediaTypes: fc.constant(['application/json']),
  proxy: fc.constant(false),
  formatOverride: pick<string | null>('format', 'format', 'format', null),
  appRenderers: pick<ContentConfig['appRenderers']>(['json'], ['json', 'txt']),
});

/** The GET routes (content-app.ts names their renderers). */
export const RENDER_PATHS = ['/content/default', '/content/export', '/content/page', '/content/text', '/content/ctl/inherit', '/content/ctl/own', '/content/inc/rows'];

const formatArb = fc.oneof(
  { weight: 6, arbitrary: pick('json', 'csv', 'txt', 'html').map((f) => `format=${f}`) },
  { weight: 3, arbitrary: pick('xml', 'JSON', 'api', 'csv%00', '%2A', 'a+b').map((f) => `format=${f}`) },
  { weight: 1, arbitrary: pick('format=', 'format', 'format=csv&format=json', 'format=txt&format=xml') },
);
const queryArb = fc
  .tuple(fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: formatArb }), fc.option(pick('x=1', 'version=v2', 'Format=csv'), { freq: 4 }))
  .map(([format, other]) => [format, other].filter((part) => part !== null))
  .map((parts) => (parts.length === 0 ? '' : `?${parts.join('&')}`));

const mediaRange = pick(
  'application/json',
  'application/json',
  '*/*',
  'text/csv',
  'text/csv',
  'text/plain',
  'text/html',
  'text/plain',
  'text/html',
  'text/*',
  '*/*',
  'application/*',
  'application/xml',
  'image/png',
  'Text/CSV',
  'TEXT/html',
  'text/csv; charset=utf-8',
  'text/plain; format=flowed',
  'text/html; level=1',
  'application/json; indent=4',
);
const qArb = pick('1', '0.9', '0.5', '0.1', '0', '0.000', '0.001', '1.0', '2', 'abc', '');
const rangeArb = fc
  .tuple(mediaRange, fc.option(pick('v1', 'v2', 'v9', '"v2"'), { freq: 3 }), fc.option(qArb, { freq: 2 }), pick('; ', ';'))
  .map(([type, version, q, sep]) => [type, version === null ? null : `version=${version}`, q === null ? null : `q=${q}`].filter(Boolean).join(sep));
const acceptArb = fc.oneof(
  { weight: 8, arbitrary: fc.array(rangeArb, { minLength: 1, maxLength: 4 }).map((ranges) => ranges.join(', ')) },
  { weight: 1, arbitrary: pick('', ',', 'text/csv,,text/html', 'text/csv;q=0, */*;q=0.1', '*/*;q=0') },
);

const host = { host: 'testserver' };

const renderRequestArb: fc.Arbitrary<DiffRequest> = fc
  .record({
    method: pick<DiffRequest['method']>('GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'POST'),
    path: pick(...RENDER_PATHS),
    slash: fc.boolean(),
    query: queryArb,
    accept: fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: acceptArb }),
  })
  .map(({ method, path, slash, query, accept }) => {
    const headers: Record<string, string> = { ...host };
    if (accept !== null) headers.accept = accept;
    return { method, path: `${path}${slash ? '/' : ''}${query}`, headers };
  });

/** A JSON value both Python and JavaScript read and write alike: no -0, no lone surrogate, no float outside the safe range. */
const jsonLeaf = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }),
  pick<unknown>(0.5, 1.25, -3.75, 1e21, true, false, null),
  fc.string({ unit: fc.constantFrom(...[...'ab é😀"\\/\n\t<']), maxLength: 8 }),
);
const jsonValueArb = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, jsonLeaf, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(pick('a', 'b', 'é', '0', '10', '__proto__', 'constructor', 'x y'), tie('value'), { maxKeys: 3 })),
})).value;

const brokenJson = pick('{', '{"a":}', '[1,]', "{'a': 1}", 'NaN', '{"a": NaN}', 'Infinity', '   ', '\ufeff{}', '{"a":1}x', '{"a":"\\x"}', '"\\ud800"', 'nul');
const jsonBodyArb = fc.oneof(
  { weight: 5, arbitrary: jsonValueArb.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: pick('{"a":1,"a":2}', '{"__proto__":{"x":1}}', '12345678901234567890', '1.0', '[]', 'null', '"text"', ' {"a" : [ 1 ] } ') },
  { weight: 2, arbitrary: brokenJson },
);

const formKey = pick('a', 'b', 'a[b]', 'a.b', 'x%20y', 'x+y', '%C3%A9', 'é', '', '%zz', 'a%26b');
const formValue = pick('1', '', 'hello+world', 'a%20b', '%C3%A9t%C3%A9', '%E9', '%zz', '%', 'a=b', 'é', '😀', '%F0%9F%98%80');
const formBodyArb = fc
  .array(fc.oneof({ weight: 5, arbitrary: fc.tuple(formKey, formValue).map(([k, v]) => `${k}=${v}`) }, { weight: 1, arbitrary: formKey }), { maxLength: 5 })
  .chain((pairs) => pick('&', '&', '&', ';', '&&').map((sep) => pairs.join(sep)));

const charset = pick('', '', '; charset=utf-8', ';charset=UTF-8', '; charset="utf-8"', '; charset=iso-8859-1', '; charset=bogus');
const strayType = pick('text/plain', 'application/xml', 'application/*', '*/*', '', 'application/vnd.api+json', 'Application/JSON', 'application/jsonx', 'text/json');

interface Body {
  type: string | null;
  bytes: Buffer;
}

const jsonArb: fc.Arbitrary<Body> = fc.tuple(jsonBodyArb, charset).map(([text, cs]) => ({ type: `application/json${cs}`, bytes: Buffer.from(text) }));
const formArb: fc.Arbitrary<Body> = fc.tuple(formBodyArb, charset).map(([text, cs]) => ({ type: `application/x-www-form-urlencoded${cs}`, bytes: Buffer.from(text) }));
const KINDS = { json: jsonArb, form: formArb, multipart: multipartArb };

/** The echo routes and the bodies their parsers read (content-app.ts); most requests send one of those. */
const ECHO_ROUTES: [string, (keyof typeof KINDS)[]][] = [
  ['/content/echo', ['json']],
  ['/content/form', ['form']],
  ['/content/upload', ['multipart']],
  ['/content/any', ['json', 'form', 'multipart']],
  ['/content/forms/inherit', ['form', 'multipart']],
  ['/content/forms/json', ['json']],
];

function bodyArb(kinds: (keyof typeof KINDS)[]): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.oneof(...kinds.map((kind) => KINDS[kind])) },
    { weight: 2, arbitrary: fc.oneof(jsonArb, formArb, multipartArb) },
    { weight: 1, arbitrary: fc.tuple(fc.oneof(jsonBodyArb, formBodyArb), fc.option(strayType, { freq: 4 })).map(([text, type]) => ({ type, bytes: Buffer.from(text) })) },
    { weight: 1, arbitrary: fc.tuple(pick('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain'), fc.boolean()).map(([type, none]) => ({ type: none ? null : type, bytes: Buffer.alloc(0) })) },
  );
}

const echoRequestArb: fc.Arbitrary<DiffRequest> = fc
  .constantFrom(...ECHO_ROUTES)
  .chain(([path, kinds]) =>
    fc.record({
      method: pick<DiffRequest['method']>('POST', 'POST', 'POST', 'POST', 'POST', 'POST', 'POST', 'POST', 'POST', 'GET'),
      path: fc.constant(path),
      body: bodyArb(kinds),
      accept: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: pick('application/json', '*/*', 'text/csv', 'application/json; version=v2', 'application/json; version=v9') }),
    }),
  )
  .map(({ method, path, body, accept }) => {
    const headers: Record<string, string> = { ...host };
    if (accept !== null) headers.accept = accept;
    if (body.type !== null) headers['content-type'] = body.type;
    return { method, path, headers, body: body.bytes.toString('base64') };
  });

export const contentRequestArb: fc.Arbitrary<DiffRequest> = fc.oneof(renderRequestArb, echoRequestArb);

export const ECHO_PATHS = ECHO_ROUTES.map(([path]) => path);

/** `configs` configurations with `perConfig` requests each, the same for a given seed. */
export function generateContent(seed: number, configs: number, perConfig: number): { config: ContentConfig; requests: DiffRequest[] }[] {
  return fc.sample(contentConfigArb, { seed, numRuns: configs }).map((config, index) => ({
    config,
    requests: fc.sample(contentRequestArb, { seed: seed + index + 1, numRuns: perConfig }),
  }));
}
