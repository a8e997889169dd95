import { Agent, createServer, request as httpRequest, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isStreamType, readItems } from './streams';

/** A request as sent: what a failure report shows, shrunk. */
export interface ContractRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** `null` for a request the document allows; else what makes it one the document refuses. */
  readonly invalid: string | null;
}

/** A response as checked and reported. */
export interface ContractResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/**
 * The app served on an ephemeral port of 127.0.0.1, for the length of a
 * check: requests go through Node's HTTP parser and the app's own callback,
 * as a client's would, with nothing leaving the machine. The `Host` header
 * is the document's server's, so the host-name scheme sees its version.
 */
export class Sender {
  private constructor(
    private readonly server: Server,
    private readonly port: number,
    private readonly agent: Agent,
  ) {}

  static async start(callback: RequestListener): Promise<Sender> {
    const server = createServer(callback);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return new Sender(server, (server.address() as AddressInfo).port, new Agent({ keepAlive: true, maxSockets: 1 }));
  }

  send(request: ContractRequest): Promise<ContractResponse> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...request.headers };
      let left = false;
      if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
      const outgoing = httpRequest({ host: '127.0.0.1', port: this.port, method: request.method, path: request.url, headers, agent: this.agent, setHost: false }, (incoming) => {
        // A stream's first items, then the check leaves (docs/streams.md): it may go on for ever.
        if (isStreamType(incoming.headers['content-type'])) {
          void readItems(incoming, () => {
            left = true;
            outgoing.destroy();
          }).then((body) => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
          return;
        }
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      outgoing.on('error', (error) => (left ? undefined : reject(error)));
      outgoing.end(request.body);
    });
  }

  async stop(): Promise<void> {
    this.agent.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
