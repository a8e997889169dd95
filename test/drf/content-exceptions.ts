import type { Case } from './compare';
import { exceptions, type Exception } from './exceptions';

/** The request's body as sent. */
const body = (one: Case) => Buffer.from(one.request.body ?? '', 'base64');
const contentType = (one: Case) => one.request.headers['content-type'];
const bareType = (one: Case) => (contentType(one) ?? '').split(';')[0].trim().toLowerCase();
const shared = (name: string) => exceptions.find((exception) => exception.name === name) as Exception;
const boundary = (one: Case) => /boundary="?([^";]+)"?/i.exec(contentType(one) ?? '')?.[1];
const isForm = (one: Case) => bareType(one) === 'application/x-www-form-urlencoded';
const isJson = (one: Case) => bareType(one) === 'application/json';

/** Whether a form body has a percent-escape that is malformed or does not decode as UTF-8. */
function badPercent(text: string): boolean {
  return text.split(/[&=]/).some((piece) => {
    try {
      decodeURIComponent(piece.replace(/\+/g, ' '));
      return false;
    } catch {
      return true;
    }
  });
}

/**
 * The documented, intentional differences of renderers and parsers between
 * waymark and DRF 3.14 / Django 3.2 (docs/reference/versioning.md lists them
 * for users), beside the versioning differential's that apply here too.
 */
export const contentExceptions: Exception[] = [
  shared('problem-vary-accept-language'),
  shared('accept-scheme-vary'),
  {
    name: 'method-before-negotiation',
    kind: 'field',
    reason:
      'A known path with another method is a 405 before any negotiation (docs/reference/versioning.md, order of checks); DRF negotiates the renderer (406, or 404 for an unknown ?format=) and the version first.',
    explains: (_one, m) => m.field === 'status' && m.waymark === 405 && (m.drf === 404 || m.drf === 406),
  },
  {
    name: 'unsupported-media-type-detail',
    kind: 'field',
    reason: 'A 415 names the types the route reads ("send the body as application/json, ..."), with an `accepted` member and Accept-Post; DRF names the type it refused.',
    explains: (one, m) => m.field === 'detail' && one.drf.status === 415,
  },
  {
    name: 'parse-error-detail',
    kind: 'field',
    reason: "A malformed body is a 400 'Malformed ...' problem document; DRF's detail carries Python's parser message ('JSON parse error - Expecting value: line 1 column 1').",
    explains: (one, m) => m.field === 'detail' && one.drf.status === 400,
  },
  {
    name: 'no-body',
    kind: 'field',
    reason: "A request without a body gives @Body() undefined (a required body is a 400); DRF's request.data is an empty dict or QueryDict, whatever the Content-Type.",
    explains: (one, m) => m.field === 'body.data' && body(one).length === 0 && m.waymark === undefined,
  },
  {
    name: 'json-suffix',
    kind: 'field',
    reason: 'The JSON parser reads every +json type (application/vnd.api+json, RFC 6839); DRF\'s JSONParser reads application/json only (415).',
    explains: (one, m) => m.field === 'status' && m.drf === 415 && /^application\/[^;]*\+json$/.test(bareType(one)),
  },
  {
    name: 'wildcard-content-type',
    kind: 'field',
    reason:
      "A Content-Type is a concrete type: `*/*` or `application/*` names no parser (415). DRF matches it like an Accept range, so the route's first parser reads whatever was sent.",
    explains: (one, m) => m.field === 'status' && m.waymark === 415 && bareType(one).includes('*'),
  },
  {
    name: 'strict-percent-encoding',
    kind: 'field',
    reason:
      "A form body with a percent-escape that is malformed ('%zz', a lone '%') or is not UTF-8 ('%E9') is a 400; Django keeps a malformed one as sent and turns bad UTF-8 into U+FFFD, so the view cannot tell them from what the client meant.",
    explains: (one, m) => m.field === 'status' && m.waymark === 400 && isForm(one) && badPercent(body(one).toString('latin1')),
  },
  {
    name: 'incomplete-multipart',
    kind: 'field',
    reason:
      "A multipart body that does not end with the closing delimiter of the boundary its Content-Type names (cut short, never closed, or a boundary that is not in the body) is a 400: its last part may be incomplete. Django's parser stops at the end and hands the view what it read.",
    explains: (one, m) =>
      m.field === 'status' && m.waymark === 400 && bareType(one) === 'multipart/form-data' && !body(one).toString('latin1').trimEnd().endsWith(`--${boundary(one)}--`),
  },
  {
    name: 'multipart-type-case',
    kind: 'field',
    reason: "Media types are case-insensitive (RFC 9110 §8.3.1): `Multipart/Form-Data; Boundary=x` is read. Django's parser checks for a lower-case `multipart/` prefix and answers 400.",
    explains: (one, m) => m.field === 'status' && m.drf === 400 && bareType(one) === 'multipart/form-data' && !(contentType(one) ?? '').startsWith('multipart/'),
  },
  {
    name: 'json-top-level',
    kind: 'field',
    reason: "The JSON parser is strict: a body is an object or an array (co-body's `strict`), so `1e+21`, `\"text\"` or `null` is a 400; DRF's JSONParser accepts any JSON value.",
    explains: (one, m) => m.field === 'status' && m.drf === 200 && m.waymark === 400 && isJson(one) && !/^\s*[[{]/.test(body(one).toString('latin1')),
  },
  {
    name: 'json-bom',
    kind: 'field',
    reason: "A UTF-8 byte order mark before a JSON body is ignored (RFC 8259 §8.1 allows a parser to); Python's json refuses it (400).",
    explains: (one, m) => m.field === 'status' && m.drf === 400 && m.waymark === 200 && body(one).subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])),
  },
  {
    name: 'unknown-charset',
    kind: 'field',
    reason: "A form body whose charset names no known encoding is a 415 naming the charset to send (RFC 9110 §15.5.16); Django ignores the charset and reads UTF-8.",
    explains: (one, m) => m.field === 'status' && m.waymark === 415 && isForm(one) && /charset=bogus/i.test(contentType(one) ?? ''),
  },
  {
    name: 'vary-405',
    kind: 'field',
    reason:
      "A 405 has no route, so its Vary names Accept when the app's own renderers are several (docs/renderers-and-parsers.md); DRF's 405 comes from the view and varies on the view's renderers.",
    explains: (one, m) =>
      m.field === 'vary' && one.waymark.status === 405 && same((m.waymark as string[]).filter((t) => t !== 'accept' && t !== 'accept-language'), (m.drf as string[]).filter((t) => t !== 'accept')),
  },
  {
    name: 'proto-key',
    kind: 'field',
    reason: "A JSON body with a `__proto__` key is a 400 (prototype-poisoning protection, docs/renderers-and-parsers.md#parsers); Python has no prototypes and keeps the key.",
    explains: (one, m) => m.field === 'status' && m.drf === 200 && m.waymark === 400 && isJson(one) && body(one).includes('"__proto__"'),
  },
  {
    name: 'json-utf-8',
    kind: 'field',
    reason: "JSON is read as UTF-8 whatever the charset parameter says (RFC 8259 §8.1 and §11: the parameter has no effect); Django decodes with the named charset, so `charset=iso-8859-1` turns é into Ã©.",
    explains: (one, m) => m.field === 'body.data' && isJson(one) && /charset=(?!"?utf-8)/i.test(contentType(one) ?? ''),
  },
  {
    name: 'first-file',
    kind: 'field',
    reason: "@File(name) is the first file sent under that name (@Files(name) has them all); Django's request.FILES[name] is the last.",
    explains: (one, m) => m.field === 'body.doc' && body(one).toString('latin1').split('name="doc"; filename=').length > 2,
  },
  {
    name: 'empty-filename',
    kind: 'field',
    reason:
      "A file part whose name sanitises to nothing (`filename=\"\"`, what a browser sends for an empty file input, or `..`) reaches @Files() as a file named ''; Django hands the first to the view as a text field and drops the second.",
    explains: (one, m) => UPLOAD_FIELDS.includes(m.field) && /filename="(\.\.)?"/.test(body(one).toString('latin1')) && uploadsAgree(one),
  },
  {
    name: 'filename-control-characters',
    kind: 'field',
    reason: 'A file name loses its control characters (NUL included), as it loses its directories; Django 3.2 keeps them (later Django versions drop them too).',
    explains: (one, m) => UPLOAD_FIELDS.includes(m.field) && /filename="[^"]*[\u0000-\u001f\u007f]/.test(body(one).toString('latin1')) && uploadsAgree(one),
  },
  {
    name: 'file-default-type',
    kind: 'field',
    reason: "A file part without a Content-Type has mimeType text/plain (RFC 7578 §4.4, busboy's default); Django's content_type is ''.",
    explains: (one, m) => m.field === 'body.files' && uploadsAgree(one),
  },
  {
    name: 'lone-surrogate',
    kind: 'field',
    reason: 'A JSON string with an unpaired surrogate escape (\\ud800) is echoed as the same escape; DRF cannot encode it as UTF-8 and answers 500.',
    explains: (one, m) => m.field === 'status' && m.drf === 500 && /\\ud[89a-f][0-9a-f]{2}/i.test(body(one).toString('latin1')),
  },
];

type File = { name: string; type: string; size: number; sha256: string };
type Echo = { data?: Record<string, unknown>; files?: Record<string, File[]>; doc?: string | null } | null;

const UPLOAD_FIELDS = ['body.files', 'body.data', 'body.doc'];
const clean = (name: string) => name.replace(/[\u0000-\u001f\u007f]/g, '');

/**
 * Whether what the view saw of an upload agrees once every documented file
 * difference is applied: DRF's file names without control characters and
 * its '' types as text/plain; waymark's files named '' left out, with DRF's
 * fields that carried them; `doc` as the first file when only one was sent.
 */
function uploadsAgree(one: Case): boolean {
  const [drf, waymark] = [one.drf.body as Echo, one.waymark.body as Echo];
  const named = (files: Record<string, File[]>) =>
    Object.fromEntries(Object.entries(files).map(([field, list]) => [field, list.filter((file) => file.name !== '')] as const).filter(([, list]) => list.length > 0));
  const fixed = Object.fromEntries(
    Object.entries(drf?.files ?? {}).map(([field, list]) => [field, list.map((file) => ({ ...file, name: clean(file.name), type: file.type === '' ? 'text/plain' : file.type }))]),
  );
  const emptyFields = new Set(Object.entries(waymark?.files ?? {}).filter(([, list]) => list.some((file) => file.name === '')).map(([field]) => field));
  const data = Object.fromEntries(Object.entries(drf?.data ?? {}).filter(([key]) => !emptyFields.has(key) || key in (waymark?.data ?? {})));
  const docs = body(one).toString('latin1').split('name="doc"; filename=').length - 1;
  const doc = docs > 1 || drf?.doc == null ? waymark?.doc : clean(drf.doc);
  return (
    JSON.stringify(sortKeys(named(fixed))) === JSON.stringify(sortKeys(named(waymark?.files ?? {}))) &&
    JSON.stringify(sortKeys(data)) === JSON.stringify(sortKeys(waymark?.data ?? {})) &&
    (doc === waymark?.doc || waymark?.doc === '')
  );
}

function sortKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, (value as Record<string, unknown>)[key]]));
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.join() === b.join();
}
