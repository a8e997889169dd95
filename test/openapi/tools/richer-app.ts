import type { Middleware } from 'koa';
import {
  AcceptHeaderVersioning,
  Body,
  Controller,
  File,
  Files,
  MultiPartParser,
  createApp,
  Get,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  Param,
  Post,
  Query,
  QueryParameterVersioning,
  Unauthorized,
  URLPathVersioning,
  Use,
  type App,
  type DescribedGuard,
  type RouteSource,
  type UploadedFile,
  type VersioningScheme,
} from '../../../src';
import type { SampleDocument, SchemeName } from './sample-documents';

const signedIn: DescribedGuard = {
  middleware: async (ctx, next) => {
    if (ctx.get('Authorization') !== 'Bearer ok') throw new Unauthorized('Sign in first.', { challenge: 'Bearer' });
    await next();
  },
  responses: [401],
  security: { bearerAuth: [] },
};
const limited: Middleware & { responses: number[] } = Object.assign(async (_ctx: unknown, next: () => Promise<unknown>) => next(), { responses: [429] });

const BOOK = { type: 'object', required: ['title'], properties: { title: { type: 'string', minLength: 1 }, year: { type: 'integer', minimum: 0, maximum: 3000 } } };

@Controller('/books')
class BooksController {
  @Get('', { name: 'list', responses: { 200: { schema: { type: 'array', items: { type: 'object' } } } } })
  list(@Query('since') since: Date, @Query('page', { type: Number }) page: number | undefined) {
    return [{ since: since?.toISOString() ?? null, page: page ?? 1 }];
  }

  @Get('/:id', { name: 'detail', requirements: { id: /\d+/ } })
  detail(@Param('id') id: number) {
    return { id };
  }

  @Get('/by-code/:code', { name: 'by-code', requirements: { code: /[a-z]{2}\d{1,4}/ } })
  byCode(@Param('code') code: number) {
    return { code };
  }

  @Post('', { name: 'create', responses: { 201: { description: 'Created', schema: { type: 'object', required: ['title'] } } } })
  @Use(signedIn, limited)
  create(@Body({ required: true, schema: BOOK }) body: { title: string }) {
    return body;
  }
}

@Controller('/files', { versioning: null })
class FilesController {
  @Get('/*path', 'file') file(@Param('path') path: string) {
    return { path };
  }

  @Post('/uploads', { name: 'upload', parsers: [MultiPartParser({ storage: 'memory' })] })
  upload(@Body({ schema: { type: 'object', properties: { caption: { type: 'string' } } } }) fields: { caption?: string }, @File('file', { required: true }) file: UploadedFile, @Files('extra') extra: UploadedFile[]) {
    return { caption: fields.caption ?? null, size: file.size, extra: extra.length };
  }
}

const versions = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] };
const schemes: Record<string, () => { versioning: VersioningScheme; routes: RouteSource[] }> = {
  'url-path': () => ({ versioning: new URLPathVersioning(versions), routes: [include('/:version', [BooksController])] }),
  namespace: () => ({ versioning: new NamespaceVersioning(versions), routes: [include('/v1', [BooksController], { namespace: 'v1' }), include('/v2', [BooksController], { namespace: 'v2' })] }),
  'accept-header': () => ({ versioning: new AcceptHeaderVersioning(versions), routes: [BooksController] }),
  'host-name': () => ({ versioning: new HostNameVersioning(versions), routes: [BooksController] }),
  'query-parameter': () => ({ versioning: new QueryParameterVersioning(versions), routes: [BooksController] }),
};

/** An app with more than the sample: described guards, a Date and an optional number query, a wildcard, requirements, a validated body. */
export function richerApp(scheme: SchemeName): App {
  const made = scheme === undefined ? { routes: [BooksController] } : schemes[scheme]();
  return createApp({
    ...made,
    routes: [...made.routes, FilesController],
    origin: scheme === 'host-name' ? 'http://api.example.test' : 'http://localhost:3000',
    openapi: { info: { title: 'Books' }, securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
  });
}

/** Every document of the richer app: each scheme, each version. */
export function richerDocuments(): SampleDocument[] {
  return ([undefined, 'url-path', 'namespace', 'accept-header', 'host-name', 'query-parameter'] as const).flatMap((scheme) => {
    const app = richerApp(scheme);
    return (scheme === undefined ? [undefined] : ['v1', 'v2']).map((version) => ({ scheme, version, app, document: app.openapi(version === undefined ? {} : { version }) }));
  });
}
