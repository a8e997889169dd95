/**
 * The part of every generated client that does not depend on the app: it is
 * written into the file as it stands here, so the client needs no package.
 * Plain `fetch`, `URL` and `Headers`: Node 20+ and browsers. No backtick and no
 * dollar-brace inside: `String.raw` keeps every backslash as written, so the
 * text is the code.
 */
export const RUNTIME = String.raw`
/** An RFC 9457 problem document: how waymark answers every error. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  errors?: { detail: string; pointer?: string; parameter?: string }[];
  [member: string]: unknown;
}

/** One answer: its status, its body (parsed by its media type), its headers, and the version's lifecycle headers. */
export interface Reply<Status extends number, Body> {
  readonly status: Status;
  readonly body: Body;
  readonly headers: Headers;
  /** 'Deprecation' (RFC 9745), when the version is deprecated: '@<seconds since the epoch>'. */
  readonly deprecation: string | null;
  /** 'Sunset' (RFC 8594): the IMF-fixdate after which the version may go. */
  readonly sunset: string | null;
  /** 'Link': the deprecation and sunset documents. */
  readonly link: string | null;
}

/** A status the operation does not document: the reply is on the error. */
export class UnexpectedStatus extends Error {
  constructor(readonly reply: Reply<number, unknown>) {
    super('Unexpected status ' + reply.status + ' (' + (reply.headers.get('content-type') ?? 'no body') + ')');
    this.name = 'UnexpectedStatus';
  }
}

export interface ClientOptions<V> {
  /** Where the API is: 'https://api.example.com' (with the host-name scheme, the host the version's label goes on). */
  baseUrl: string | URL;
  /** The API version to speak (default: the app's default version). */
  version?: V;
  /** A fetch of your own (tests, retries, a proxy); default: the global fetch. */
  fetch?: (input: URL, init: RequestInit) => Promise<Response>;
  /** Headers sent with every request (credentials: { authorization: 'Bearer ...' }). */
  headers?: Record<string, string>;
}

/** A stream that failed after it began (SSE's 'event: error'): the problem document is on the error. */
export class StreamError extends Error {
  constructor(readonly problem: unknown) {
    super('The stream failed: ' + String((problem as { detail?: unknown } | null)?.detail ?? 'an error event'));
    this.name = 'StreamError';
  }
}

interface Spec {
  readonly method: string;
  readonly path: string;
  readonly at: readonly string[];
  readonly query: readonly string[];
  readonly header: readonly string[];
  readonly wildcard: readonly string[];
  readonly body: string | null;
  readonly fixedQuery: Readonly<Record<string, string>>;
  readonly accept: string | null;
  readonly statuses: readonly string[];
  /** A host-bound route's host, its parameters in braces. */
  readonly host?: string;
  /** A stream operation's status, null for any other. */
  readonly stream: string | null;
}

type Args = Record<string, unknown>;

function text(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

function fill(spec: Spec, args: Args): string {
  return spec.path.replace(/\{([^{}]+)\}/g, (_whole, name: string) => {
    const value = text(args[name]);
    return spec.wildcard.includes(name) ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}

/** The host-name scheme's host for a version: the first of three labels replaced, else the label prepended. */
function versionHost(base: URL, version: string): URL {
  const url = new URL(base);
  const labels = url.hostname.split('.');
  url.hostname = labels.length === 3 ? [version, ...labels.slice(1)].join('.') : [version, ...labels].join('.');
  return url;
}

function encodeBody(mediaType: string, value: unknown): BodyInit {
  if (/^application\/([\w.-]+\+)?json$/.test(mediaType)) return JSON.stringify(value);
  if (mediaType === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams();
    for (const [key, item] of Object.entries(value as Args)) for (const one of Array.isArray(item) ? item : [item]) if (one !== undefined) form.append(key, text(one));
    return form;
  }
  if (mediaType === 'multipart/form-data') {
    const form = new FormData();
    for (const [key, item] of Object.entries(value as Args)) {
      for (const one of Array.isArray(item) ? item : [item]) {
        // A Blob that is not a File is named "blob", as the FormData standard says (Bun would send it unnamed).
        const name = one instanceof Blob ? (one as { name?: unknown }).name : undefined;
        if (one instanceof Blob) form.append(key, one, typeof name === 'string' ? name : 'blob');
        else if (one !== undefined) form.append(key, text(one));
      }
    }
    return form;
  }
  return value instanceof Blob || value instanceof Uint8Array || typeof value === 'string' ? (value as BodyInit) : text(value);
}

async function readBody(response: Response, method: string): Promise<unknown> {
  if (response.status === 204 || response.status === 304 || method === 'HEAD') return undefined;
  const type = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (/^application\/([\w.-]+\+)?json$/.test(type)) {
    const body = await response.text();
    return body === '' ? undefined : JSON.parse(body);
  }
  if (type.startsWith('text/') || type === '') return response.text();
  return new Uint8Array(await response.arrayBuffer());
}

function documents(statuses: readonly string[], status: number): boolean {
  return statuses.includes(String(status)) || statuses.includes(String(status)[0] + 'XX') || statuses.includes('default');
}

function request(base: URL, spec: Spec, args: Args, options: ClientOptions<unknown>, signal?: AbortSignal): Promise<Response> {
  const url = new URL(base);
  if (spec.host !== undefined) url.hostname = spec.host.replace(/\{([^{}]+)\}/g, (_whole, name: string) => encodeURIComponent(text(args[name])));
  url.pathname = url.pathname.replace(/\/$/, '') + fill(spec, args);
  for (const [name, value] of Object.entries(spec.fixedQuery)) url.searchParams.append(name, value);
  for (const name of spec.query) {
    const value = args[name];
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) url.searchParams.append(name, text(one));
  }
  const headers = new Headers(options.headers);
  for (const name of spec.header) if (args[name] !== undefined) headers.set(name, (Array.isArray(args[name]) ? (args[name] as unknown[]) : [args[name]]).map(text).join(', '));
  if (spec.accept !== null) headers.set('accept', spec.accept);
  else if (spec.stream !== null) headers.set('accept', 'application/jsonl, text/event-stream;q=0.9');
  const init: RequestInit = { method: spec.method, headers, ...(signal === undefined ? {} : { signal }) };
  // An operation documenting a redirect gets it as its reply (Node's fetch gives the 3xx with its Location), not the page it points to.
  if (spec.statuses.some((status) => status[0] === '3')) init.redirect = 'manual';
  if (spec.body !== null && args.body !== undefined) {
    init.body = encodeBody(spec.body, args.body);
    if (spec.body !== 'multipart/form-data') headers.set('content-type', spec.body);
  }
  return (options.fetch ?? fetch)(url, init);
}

async function send(base: URL, spec: Spec, args: Args, options: ClientOptions<unknown>): Promise<Reply<number, unknown>> {
  const response = await request(base, spec, args, options);
  const reply = await replyOf(response, spec);
  if (!documents(spec.statuses, response.status)) throw new UnexpectedStatus(reply);
  return reply;
}

async function replyOf(response: Response, spec: Spec): Promise<Reply<number, unknown>> {
  return {
    status: response.status,
    body: await readBody(response, spec.method),
    headers: response.headers,
    deprecation: response.headers.get('deprecation'),
    sunset: response.headers.get('sunset'),
    link: response.headers.get('link'),
  };
}

/** The data of one SSE block, with its event name; null for a comment (a heartbeat). */
function eventOf(block: string): { event: string; data: string } | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 ? null : { event, data: data.join('\n') };
}

/**
 * A stream operation's items: requested when iteration
 * begins, read from JSON Lines or Server-Sent Events as the response says,
 * each item parsed as it arrives. A status other than the stream's is an
 * UnexpectedStatus; SSE's 'event: error' a StreamError; a connection cut
 * mid-stream, fetch's own error. Breaking out of the loop, or args.signal, ends the request.
 */
function stream(base: URL, spec: Spec, args: Args, options: ClientOptions<unknown>): AsyncIterable<unknown> {
  const { signal, ...rest } = args as Args & { signal?: AbortSignal };
  return {
    async *[Symbol.asyncIterator]() {
      const response = await request(base, spec, rest, options, signal);
      if (String(response.status) !== spec.stream || response.body === null) throw new UnexpectedStatus(await replyOf(response, spec));
      const sse = (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n?/g, '\n');
          const separator = sse ? '\n\n' : '\n';
          let at = buffer.indexOf(separator);
          while (at !== -1) {
            // One read may hold many items (Bun joins chunks): none is handed out once the signal aborted.
            signal?.throwIfAborted();
            const chunk = buffer.slice(0, at);
            buffer = buffer.slice(at + separator.length);
            at = buffer.indexOf(separator);
            if (!sse) {
              if (chunk.trim() !== '') yield JSON.parse(chunk);
              continue;
            }
            const event = eventOf(chunk);
            if (event === null) continue;
            if (event.event === 'error') throw new StreamError(JSON.parse(event.data));
            yield JSON.parse(event.data);
          }
        }
      } finally {
        reader.cancel().catch(() => {});
      }
    },
  };
}

function build(specs: Readonly<Record<string, Spec>>, base: URL, options: ClientOptions<unknown>): unknown {
  const call = (name: string, args?: Args) => {
    const spec = specs[name];
    if (spec === undefined) return Promise.reject(new TypeError('No operation named ' + JSON.stringify(name) + ' in this version.'));
    return spec.stream === null ? send(base, spec, args ?? {}, options) : stream(base, spec, args ?? {}, options);
  };
  const client: Record<string, unknown> = { call };
  for (const [name, spec] of Object.entries(specs)) {
    let node = client;
    spec.at.forEach((key, index) => {
      const last = index === spec.at.length - 1;
      const method = (args?: Args) => call(name, args);
      const existing = node[key] as Record<string, unknown> | undefined;
      if (last) node[key] = existing === undefined ? method : Object.assign(method, existing);
      else if (existing === undefined) node[key] = {};
      node = node[key] as Record<string, unknown>;
    });
  }
  return client;
}
`;
