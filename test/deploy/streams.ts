import { request, type ClientRequest } from 'node:http';

/** One connection of a stream client: what it read and how it ended. */
export interface StreamConnection {
  /** `client.attempt`, sent as `X-Client`: the app logs it when the generator's `finally` runs. */
  id: string;
  format: 'sse' | 'jsonl';
  /** The status of the answer (0: none). */
  status: number;
  /** Every item read whole, in order. */
  items: { n: number; served: string }[];
  /**
   * `ended`: the response ended as a finished one (its last chunk came); `cut`: the connection
   * closed without it, or failed; `left`: the client closed it.
   */
  end: 'open' | 'ended' | 'cut' | 'left';
  /** Bytes after the last whole item when it ended (a stream cut inside an item leaves some). */
  rest: string;
  error: string;
}

/**
 * A client that holds a stream open through the proxy as a browser's EventSource does: when the
 * server ends it, it reconnects at once with the last id it saw as `Last-Event-ID` (JSON Lines
 * clients send the last `n` the same way), until `close()`.
 */
export class StreamClient {
  readonly connections: StreamConnection[] = [];
  private current: ClientRequest | undefined;
  private closed = false;

  constructor(
    private readonly port: number,
    readonly name: string,
    readonly format: 'sse' | 'jsonl',
    private readonly headers: Record<string, string>,
  ) {
    this.connect();
  }

  /** The last `n` read on any connection. */
  get last(): number | undefined {
    for (let i = this.connections.length - 1; i >= 0; i--) {
      const items = this.connections[i].items;
      if (items.length > 0) return items[items.length - 1].n;
    }
    return undefined;
  }

  close(): void {
    this.closed = true;
    const open = this.connections.at(-1);
    if (open !== undefined && open.end === 'open') open.end = 'left';
    this.current?.destroy();
  }

  private connect(): void {
    const connection: StreamConnection = { id: `${this.name}.${this.connections.length + 1}`, format: this.format, status: 0, items: [], end: 'open', rest: '', error: '' };
    this.connections.push(connection);
    const last = this.last;
    const headers: Record<string, string> = {
      ...this.headers,
      accept: this.format === 'sse' ? 'text/event-stream' : 'application/jsonl',
      'x-client': connection.id,
      ...(last === undefined ? {} : { 'last-event-id': String(last) }),
    };
    const finish = (end: 'ended' | 'cut', error = '') => {
      if (connection.end !== 'open') return;
      connection.end = end;
      connection.error = error;
      if (!this.closed && end === 'ended' && connection.status === 200) this.connect();
    };
    this.current = request({ host: '127.0.0.1', port: this.port, path: '/order-events', headers }, (res) => {
      connection.status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      let buffer = '';
      const separator = this.format === 'sse' ? '\n\n' : '\n';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let at = buffer.indexOf(separator); at !== -1; at = buffer.indexOf(separator)) {
          const frame = buffer.slice(0, at);
          buffer = buffer.slice(at + separator.length);
          const json = this.format === 'sse' ? frame.split('\n').find((line) => line.startsWith('data: '))?.slice(6) : frame;
          if (json === undefined) continue; // a heartbeat (a comment line)
          const item = JSON.parse(json) as { n: number; served: string };
          connection.items.push({ n: item.n, served: item.served });
        }
        connection.rest = buffer;
      });
      // Node's client says 'end' only for a body that ended whole (for chunked: its last chunk came).
      res.on('end', () => finish(res.complete ? 'ended' : 'cut'));
      res.on('aborted', () => finish('cut', 'aborted'));
      res.on('error', (error: NodeJS.ErrnoException) => finish('cut', error.code ?? error.message));
    });
    this.current.on('error', (error: NodeJS.ErrnoException) => finish('cut', error.code ?? error.message));
    this.current.end();
  }
}
