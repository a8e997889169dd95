import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Context } from 'koa';
import {
  AcceptHeaderVersioning,
  Body,
  Controller,
  createApp,
  Ctx,
  File,
  Files,
  FormParser,
  Get,
  HTMLRenderer,
  include,
  JSONParser,
  JSONRenderer,
  MultiPartParser,
  Post,
  TextRenderer,
  type App,
  type Renderer,
  type UploadedFile,
} from '../../src';
import type { ContentConfig } from './content-generate';

/** Python's csv.writer (QUOTE_MINIMAL, CRLF): the CSV renderer content_views.py has too. */
function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSVRenderer: Renderer = {
  mediaType: 'text/csv',
  format: 'csv',
  render(value) {
    const rows = (Array.isArray(value) ? value : [value]) as Record<string, unknown>[];
    const lines = rows.length === 0 ? [] : [Object.keys(rows[0]), ...rows.map((row) => Object.values(row))];
    return lines.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
  },
};

const JSON_ = JSONRenderer;
const RENDERERS = { json: JSONRenderer, txt: TextRenderer } as const;

/** The link to the route itself, built with the request's reverse (DRF's reverse(..., request=request)), in `X-Self`. */
function self(ctx: Context): void {
  ctx.set('X-Self', ctx.reverse(ctx.route?.name as never));
}

/** What DRF's f-string writes for the version: None when there is none. */
const version = (ctx: Context) => ctx.version ?? null;

function text(ctx: Context): string {
  self(ctx);
  return `version ${version(ctx) ?? 'None'}`;
}

function rows(ctx: Context): unknown[] {
  self(ctx);
  return [
    { id: 1, name: 'Ada', version: version(ctx) },
    { id: 2, name: 'Grace, "H."', version: version(ctx) },
  ];
}

@Controller('/content')
class Render {
  @Get('/default', 'content-default') default(@Ctx() ctx: Context) {
    return text(ctx);
  }

  @Get('/export', { name: 'content-export', renderers: [CSVRenderer, JSON_] }) export(@Ctx() ctx: Context) {
    return rows(ctx);
  }

  @Get('/page', { name: 'content-page', renderers: [HTMLRenderer, TextRenderer, JSON_] }) page(@Ctx() ctx: Context) {
    return text(ctx);
  }

  @Get('/text', { name: 'content-text', renderers: [TextRenderer] }) text(@Ctx() ctx: Context) {
    return text(ctx);
  }
}

@Controller('/content/ctl', { renderers: [TextRenderer, HTMLRenderer] })
class Inherited {
  @Get('/inherit', 'content-ctl-inherit') inherit(@Ctx() ctx: Context) {
    return text(ctx);
  }

  @Get('/own', { name: 'content-ctl-own', renderers: [JSON_] }) own(@Ctx() ctx: Context) {
    return text(ctx);
  }
}

@Controller('')
class Included {
  @Get('/rows', 'content-inc-rows') rows(@Ctx() ctx: Context) {
    return rows(ctx);
  }
}

/** What the view sees: form fields as lists of strings, files by field name, JSON as it is. */
function echo(ctx: Context, body: unknown, files: readonly UploadedFile[] = [], doc?: UploadedFile) {
  let data = body;
  if (ctx.is('application/x-www-form-urlencoded', 'multipart/form-data') && typeof body === 'object' && body !== null) {
    data = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, Array.isArray(value) ? value : [value]]));
  }
  const byField: Record<string, unknown[]> = {};
  for (const file of files) {
    const bytes = file.buffer ?? readFileSync(file.path as string);
    (byField[file.fieldName] ??= []).push({ name: file.filename, type: file.mimeType, size: file.size, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  return { data, files: byField, doc: doc?.filename ?? null };
}

const multipart = () => MultiPartParser();

@Controller('/content', { renderers: [JSON_] })
class Echo {
  @Post('/echo', 'content-echo') echo(@Ctx() ctx: Context, @Body() body: unknown) {
    return echo(ctx, body);
  }

  @Post('/form', { name: 'content-form', parsers: [FormParser()] }) form(@Ctx() ctx: Context, @Body() body: unknown) {
    return echo(ctx, body);
  }

  @Post('/upload', { name: 'content-upload', parsers: [multipart()] })
  upload(@Ctx() ctx: Context, @Body() body: unknown, @Files() files: UploadedFile[], @File('doc') doc: UploadedFile | undefined) {
    return echo(ctx, body, files, doc);
  }

  @Post('/any', { name: 'content-any', parsers: [JSONParser(), FormParser(), multipart()] })
  any(@Ctx() ctx: Context, @Body() body: unknown, @Files() files: UploadedFile[], @File('doc') doc: UploadedFile | undefined) {
    return echo(ctx, body, files, doc);
  }
}

@Controller('/content/forms', { renderers: [JSON_], parsers: [FormParser(), multipart()] })
class Forms {
  @Post('/inherit', 'content-forms-inherit') inherit(@Ctx() ctx: Context, @Body() body: unknown, @Files() files: UploadedFile[], @File('doc') doc: UploadedFile | undefined) {
    return echo(ctx, body, files, doc);
  }

  @Post('/json', { name: 'content-forms-json', parsers: [JSONParser()] }) json(@Ctx() ctx: Context, @Body() body: unknown) {
    return echo(ctx, body);
  }
}

/** The waymark side of the content routes of test/drf/django_project/urls.py, in the same order. */
export function contentApp(config: ContentConfig): App {
  const { defaultVersion, allowedVersions, versionParam } = config;
  const app = createApp({
    routes: [Render, Inherited, include('/content/inc', [Included], { renderers: [JSON_, CSVRenderer] }), Echo, Forms],
    versioning: config.scheme === 'accept' ? new AcceptHeaderVersioning({ defaultVersion, allowedVersions, versionParam }) : undefined,
    renderers: config.appRenderers.map((format) => RENDERERS[format]),
    ...(config.formatOverride === null ? {} : { formatOverride: config.formatOverride }),
  });
  app.silent = true;
  return app;
}
