import 'reflect-metadata';
import { ArrayMaxSize, IsArray, IsEmail, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { createServer } from 'node:http';
import { Body, createKoaServer, Delete, Get, JsonController, Param, Post, Put } from 'routing-controllers';
import { record } from '../shared/contract';
import { githubRoutes } from '../shared/github';
import { fillerPatterns, peerArgs, VERSIONS } from '../shared/peers';
import { serve, timed } from './serve';

/**
 * routing-controllers on Koa, as its README teaches: `@JsonController`
 * classes given to `createKoaServer({ controllers })`, a prefix per
 * controller for each version ("Using prefix"), a class-validator DTO as
 * `@Body()` with `validation` on ("Auto validating action params"). It has
 * no response schema: the 20-field row returns the object. The GitHub routes
 * are declared by calling the same decorators on generated classes.
 */
const { mode, layout, routes } = peerArgs();
const methods = { GET: Get, POST: Post, PUT: Put, DELETE: Delete };

function controllerOf(list: readonly { method: keyof typeof methods; path: string }[], handler: (i: number) => () => unknown, prefix = ''): Function {
  class Generated {}
  const prototype = Generated.prototype as unknown as Record<string, unknown>;
  list.forEach((route, i) => {
    const key = `route${i}`;
    prototype[key] = handler(i);
    methods[route.method](route.path)(prototype, key);
  });
  JsonController(prefix)(Generated);
  return Generated;
}

class NewUserDto {
  @IsString() @Length(1, 100) name!: string;
  @IsEmail() email!: string;
  @IsInt() @Min(0) @Max(150) age!: number;
  @IsOptional() @IsArray() @IsString({ each: true }) @ArrayMaxSize(20) tags?: string[];
}

@JsonController()
class UsersController {
  @Get('/users/:id')
  detail(@Param('id') id: string) {
    return { id };
  }
}

@JsonController()
class CreatedController {
  @Post('/users')
  create(@Body() body: NewUserDto) {
    return { created: body.name };
  }
}

@JsonController()
class RecordsController {
  @Get('/users/:id')
  detail() {
    return record;
  }
}

function controllers(): Function[] {
  if (mode === 'github') {
    const list = githubRoutes() as { method: keyof typeof methods; path: string }[];
    const handler = (i: number) => () => ({ route: i });
    return layout === 'versioned' ? VERSIONS.map((version) => controllerOf(list, handler, `/v${version}`)) : [controllerOf(list, handler)];
  }
  if (mode === 'body') return [CreatedController];
  if (mode === 'contract') return [RecordsController];
  const filler: Function[] = [];
  const patterns = fillerPatterns(routes - 1);
  for (let start = 0; start < patterns.length; start += 10) {
    filler.push(controllerOf(patterns.slice(start, start + 10).map((path) => ({ method: 'GET' as const, path })), (i) => () => ({ i: start + i })));
  }
  return [...filler, UsersController];
}

const { value: app, buildMs } = timed(() => createKoaServer({ controllers: controllers(), validation: { whitelist: true, forbidNonWhitelisted: true } }));
serve(createServer(app.callback()), buildMs);
