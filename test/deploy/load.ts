import { Agent, request } from 'node:http';

/** One kind of request of the load; the load sends them in turn. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  port: number;
  /** Requests per second, started on a fixed schedule. */
  rate: number;
  seconds: number;
  /** Kept-alive connections, and so the most requests in flight at once. */
  connections: number;
  requests: readonly LoadRequest[];
  /** Whether an answer is the right one (its status and body). */
  verify(status: number, body: string): boolean;
}

export interface LoadResult {
  /** Requests started. */
  sent: number;
  /** Answers, by status. */
  statuses: Record<string, number>;
  /** Requests that got no answer, by method and error code (`POST ECONNRESET`: a connection cut under it; `GET TIMEOUT`). */
  errors: Record<string, number>;
  /** Answers that `verify` refused. */
  mismatches: number;
  /** Starts skipped because every connection was busy (the load could not keep its rate). */
  skipped: number;
  seconds: number;
  p50: number;
  p99: number;
  firstMismatch: string;
}

/**
 * A rate-limited load over kept-alive connections, on Node's own HTTP
 * client, that accounts for every request it starts: an answer (by status)
 * or an error. Not autocannon: when a connection is closed under a request,
 * autocannon reconnects and sends the next one without counting the lost
 * one, which is exactly the failure a rolling restart must not have.
 */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const result: LoadResult = { sent: 0, statuses: {}, errors: {}, mismatches: 0, skipped: 0, seconds: 0, p50: 0, p99: 0, firstMismatch: '' };
  const latencies: number[] = [];
  let inFlight = 0;
  let due = 0;
  const began = performance.now();

  const settle = (started: number) => {
    inFlight--;
    latencies.push(performance.now() - started);
  };
  const send = () => {
    const spec = options.requests[result.sent % options.requests.length];
    result.sent++;
    inFlight++;
    const started = performance.now();
    const outgoing = request({ host: '127.0.0.1', port: options.port, method: spec.method, path: spec.path, headers: spec.headers, agent, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => {
        settle(started);
        const status = res.statusCode ?? 0;
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
        if (!options.verify(status, body)) {
          result.mismatches++;
          result.firstMismatch ||= `${status} ${body.slice(0, 200)}`;
        }
      });
      res.on('error', () => undefined); // an aborted body also errors the request, counted there
    });
    outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      settle(started);
      const code = `${spec.method} ${error.code ?? error.message}`;
      result.errors[code] = (result.errors[code] ?? 0) + 1;
    });
    outgoing.end(spec.body);
  };

  return new Promise((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - began) / 1000;
      const target = Math.floor(Math.min(elapsed, options.seconds) * options.rate);
      for (; due < target; due++) {
        if (inFlight < options.connections) send();
        else result.skipped++;
      }
      if (elapsed < options.seconds) return;
      clearInterval(tick);
      const finish = setInterval(() => {
        if (inFlight > 0) return;
        clearInterval(finish);
        agent.destroy();
        latencies.sort((a, b) => a - b);
        const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
        resolve({ ...result, seconds: (performance.now() - began) / 1000, p50: at(0.5), p99: at(0.99) });
      }, 20);
    }, 5);
  });
}
