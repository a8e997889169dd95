import { request } from 'node:http';

/**
 * A fetch that sends every request to 127.0.0.1:`port` with the URL's host
 * as `Host`: the documents' servers (`http://v2.api.localhost:3000`) name
 * hosts this machine may not resolve, and fetch itself never sends another Host.
 */
export function loopbackFetch(port: number): (input: Request) => Promise<Response> {
  return async (input) => {
    const url = new URL(input.url);
    const body = input.body === null ? undefined : Buffer.from(await input.arrayBuffer());
    const headers = { ...Object.fromEntries(input.headers), host: url.host };
    return new Promise<Response>((resolve, reject) => {
      const sent = request({ host: '127.0.0.1', port, method: input.method, path: url.pathname + url.search, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const empty = status === 204 || status === 304 || input.method === 'HEAD';
          const responseHeaders = new Headers(Object.entries(res.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as [string, string]])));
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
        });
      });
      sent.on('error', reject);
      sent.end(body);
    });
  };
}
