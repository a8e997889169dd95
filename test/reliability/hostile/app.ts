import type { Context } from 'koa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AcceptHeaderVersioning,
  Body,
  Controller,
  Files,
  MultiPartParser,
  createApp,
  Ctx,
  Get,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  Post,
  Queries,
  Query,
  QueryParameterVersioning,
  URLPathVersioning,
  type App,
  type UploadedFile,
  type VersioningScheme,
  JSONRenderer,
  HTMLRenderer,
} from '../../../src';

function links(ctx: Context) {
  return {
    version: ctx.version,
    links: [ctx.reverse('users'), ctx.reverse('user', { id: ctx.params.id ?? '7' }, { query: { q: 'a b~*' }, fragment: 'f' })],
  };
}

/** Where the upload route writes its temporary files: empty whenever no request is in flight. */
export const uploadDirectory = mkdtempSync(join(tmpdir(), 'waymark-hostile-'));
process.once('exit', () => rmSync(uploadDirectory, { recursive: true, force: true }));
const uploads = MultiPartParser({ directory: uploadDirectory, limits: { parts: 20, files: 3, fileSize: 2048, headerSize: 512, body: 4096 } });

@Controller('/users')
class Users {
  @Get('', 'users') list(@Ctx() ctx: Context, @Query('q') q: string, @Queries() all: Record<string, unknown>) {
    return { ...links(ctx), q: q ?? null, keys: Object.keys(all).length };
  }

  @Get('/:id', 'user') one(@Ctx() ctx: Context) {
    return links(ctx);
  }

  @Post('/echo', 'echo') echo(@Ctx() ctx: Context, @Body() body: unknown) {
    return { ...links(ctx), body };
  }

  @Post('/upload', { name: 'upload', parsers: [uploads] }) upload(@Ctx() ctx: Context, @Body() fields: unknown, @Files() files: UploadedFile[]) {
    return { ...links(ctx), fields, files: files.map((file) => [file.fieldName, file.filename, file.size]) };
  }
}

const options = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] };

/** The five schemes, each in its own app with two media types and trusted forwarded headers. */
export const schemes: Record<string, () => VersioningScheme> = {
  accept: () => new AcceptHeaderVersioning(options),
  path: () => new URLPathVersioning(options),
  namespace: () => new NamespaceVersioning(options),
  host: () => new HostNameVersioning(options),
  query: () => new QueryParameterVersioning(options),
};

export function hostileApp(scheme: string): App {
  const routes =
    scheme === 'path'
      ? [Users, include('/:version', [Users])]
      : scheme === 'namespace'
        ? [Users, include('/v1', [Users], { namespace: 'v1' }), include('/v2', [Users], { namespace: 'v2' })]
        : [Users];
  const app = createApp({ routes, versioning: schemes[scheme](), renderers: [JSONRenderer, HTMLRenderer], formatOverride: 'format', proxy: true });
  app.silent = true;
  return app;
}

export interface Sent {
  method?: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

export interface Received {
  status: number;
  body: { links?: string[] } | null;
}

/** One server per scheme on loopback, with kept-alive connections. */
export class Servers {
  private readonly servers = new Map<string, { server: Server; port: number }>();
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 8 });
  readonly errors: unknown[] = [];

  async start(): Promise<this> {
    for (const scheme of Object.keys(schemes)) {
      const app = hostileApp(scheme);
      app.on('error', (error) => this.errors.push(error));
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      this.servers.set(scheme, { server, port: (server.address() as AddressInfo).port });
    }
    return this;
  }

  send(scheme: string, sent: Sent): Promise<Received> {
    const { port } = this.servers.get(scheme) as { port: number };
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, agent: this.agent, method: sent.method ?? 'GET', path: sent.path, headers: sent.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          let body: Received['body'] = null;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString());
          } catch {
            body = null;
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', reject);
      req.end(sent.body);
    });
  }

  stop(): void {
    this.agent.destroy();
    for (const { server } of this.servers.values()) {
      server.closeAllConnections();
      server.close();
    }
  }
}

/**
 * Every link parses and keeps the host the request was addressed to: the
 * Host header, or the last hop of a trusted X-Forwarded-Host when there is one.
 */
export function linksKeepHost(received: Received, sent: Sent): boolean {
  const forwarded = sent.headers['x-forwarded-host'];
  const host = forwarded === undefined ? sent.headers.host : forwarded.slice(forwarded.lastIndexOf(',') + 1).trim();
  if (!URL.canParse(`http://${host}`)) return false;
  const expected = new URL(`http://${host}`).host;
  return (received.body?.links ?? []).every((link) => URL.canParse(link) && new URL(link).host === expected);
}
