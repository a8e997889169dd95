import type { Context } from 'koa';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Controller, createApp, Ctx, Get, Param, type App, type AppOptions } from '../../src';

@Controller('/users')
export class Users {
  @Get('/:id', { name: 'user', requirements: { id: /\d+/ } })
  user(@Param('id') id: string, @Ctx() ctx: Context) {
    return { id, self: ctx.reverse('user', { id }) };
  }

  @Get('/by-name/:name', 'by-name')
  byName(@Param('name') name: string) {
    return { name };
  }
}

@Controller('/files')
export class Files {
  @Get('/*path', 'file')
  file(@Param('path') path: string) {
    return { path };
  }
}

@Controller('/café')
export class Cafe {
  @Get('/:item', 'cafe')
  item(@Param('item') item: string, @Ctx() ctx: Context) {
    return { item, self: ctx.reverse('cafe', { item }) };
  }
}

export function app(options: Partial<AppOptions> = {}): App {
  const made = createApp({ routes: [Users, Files, Cafe], ...options });
  made.silent = true;
  return made;
}

export function agent(options: Partial<AppOptions> = {}) {
  return request(app(options).callback());
}

/**
 * Sends raw bytes to a real server and returns what comes back (bounded: the
 * socket is closed after `ms` at the latest). Only `net` can send malformed requests.
 */
export async function raw(made: App, bytes: string | Buffer, ms = 2000): Promise<string> {
  const server = made.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return await exchange((server.address() as AddressInfo).port, bytes, ms);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** Writes `bytes` on one new connection and collects everything until the server closes it (cut after `ms`). */
export function exchange(port: number, bytes: string | Buffer, ms = 2000): Promise<string> {
  return new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let out = '';
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on('data', (chunk) => (out += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
    socket.write(bytes);
  });
}

export function statusOf(response: string): number {
  return Number(/^HTTP\/1\.[01] (\d{3})/.exec(response)?.[1] ?? 0);
}
