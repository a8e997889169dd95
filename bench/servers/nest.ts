import 'reflect-metadata';
import { Body, Controller, type ControllerOptions, Delete, Get, type INestApplication, type MessageEvent, Module, Param, Post, Put, Sse, type Type, ValidationPipe, VersioningType } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { ArrayMaxSize, IsArray, IsEmail, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { from, type Observable } from 'rxjs';
import { record } from '../shared/contract';
import { githubRoutes } from '../shared/github';
import { fillerPatterns, peerArgs, SSE_EVENTS, sseData, VERSIONS } from '../shared/peers';
import { announce, mainThreadMs } from './serve';

/**
 * NestJS 12, `--adapter express` (the default platform) or `--adapter
 * fastify` (Techniques › Performance (Fastify)), as its docs teach:
 * controllers of decorated methods in a module (Overview › Controllers), URI
 * versioning with `enableVersioning({ type: VersioningType.URI })` and
 * `@Controller({ version: ['1', '2'] })` for the versioned rows (Techniques
 * › Versioning), a DTO of class-validator decorators checked by the global
 * `ValidationPipe` (Techniques › Validation, with `whitelist` and
 * `forbidNonWhitelisted`: the schema's `additionalProperties: false`),
 * `@Sse()` returning an Observable (Techniques › Server-Sent Events). Nest
 * has no response schema: the 20-field row returns the object. The GitHub
 * routes are declared by calling the same decorators on a generated class.
 */
const { mode, layout, routes } = peerArgs();
const adapter = process.argv.includes('--adapter') && process.argv[process.argv.indexOf('--adapter') + 1] === 'fastify' ? 'fastify' : 'express';
const methods = { GET: Get, POST: Post, PUT: Put, DELETE: Delete };

/** A controller class with one decorated handler per route (the tables are too big to write out). */
function controllerOf(list: readonly { method: keyof typeof methods; path: string }[], handler: (i: number) => () => unknown, options: ControllerOptions = {}): Type {
  class Generated {}
  const prototype = Generated.prototype as unknown as Record<string, unknown>;
  list.forEach((route, i) => {
    const key = `route${i}`;
    prototype[key] = handler(i);
    methods[route.method](route.path)(prototype, key, Object.getOwnPropertyDescriptor(prototype, key) as PropertyDescriptor);
  });
  Controller(options)(Generated);
  return Generated;
}

class NewUserDto {
  @IsString() @Length(1, 100) name!: string;
  @IsEmail() email!: string;
  @IsInt() @Min(0) @Max(150) age!: number;
  @IsOptional() @IsArray() @IsString({ each: true }) @ArrayMaxSize(20) tags?: string[];
}

@Controller('users')
class Users {
  @Get(':id') detail(@Param('id') id: string) {
    return { id };
  }
}

@Controller('users')
class Created {
  @Post() create(@Body() body: NewUserDto) {
    return { created: body.name };
  }
}

@Controller('users')
class Records {
  @Get(':id') detail() {
    return record;
  }
}

@Controller()
class Events {
  @Sse('events') events(): Observable<MessageEvent> {
    return from(Array.from({ length: SSE_EVENTS }, (_, i) => ({ data: sseData(i) })));
  }
}

function controllers(): Type[] {
  if (mode === 'github') {
    const versions = layout === 'versioned' ? { version: [...VERSIONS] } : {};
    return [controllerOf(githubRoutes() as { method: keyof typeof methods; path: string }[], (i) => () => ({ route: i }), versions)];
  }
  if (mode === 'body') return [Created];
  if (mode === 'contract') return [Records];
  if (mode === 'sse') return [Events];
  const filler: Type[] = [];
  const patterns = fillerPatterns(routes - 1);
  for (let start = 0; start < patterns.length; start += 10) {
    const list = patterns.slice(start, start + 10).map((path) => ({ method: 'GET' as const, path }));
    filler.push(controllerOf(list, (i) => () => ({ i: start + i })));
  }
  return [...filler, Users];
}

async function main(): Promise<void> {
  const start = mainThreadMs();
  @Module({ controllers: controllers() })
  class AppModule {}
  const app: INestApplication = adapter === 'fastify' ? await NestFactory.create(AppModule, new FastifyAdapter(), { logger: false }) : await NestFactory.create(AppModule, { logger: false });
  if (mode === 'github' && layout === 'versioned') app.enableVersioning({ type: VersioningType.URI });
  if (mode === 'body') app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true }));
  await app.init();
  const buildMs = mainThreadMs() - start; // main-thread CPU time, as timed() in serve.ts
  await app.listen(0, '127.0.0.1');
  const server = app.getHttpServer() as import('node:http').Server;
  server.keepAliveTimeout = 60_000;
  const address = server.address();
  announce(typeof address === 'object' && address ? address.port : 0, buildMs);
}

void main();
