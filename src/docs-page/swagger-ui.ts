import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ImproperlyConfigured } from '../errors';
import { INIT_SCRIPT } from './init-script';
import { findPeer, resolveLocally, type Resolver } from '../util/peer';

/** The UI package: an optional peer dependency of waymark, needed only by `docsRoutes()`. */
export const UI_PACKAGE = 'swagger-ui-dist';

/** The files the page may load, by the name in its URL, with their media types; nothing else is served. */
export const ASSET_TYPES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui.css.map': 'application/json; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-bundle.js.map': 'application/json; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js.map': 'application/json; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
  'oauth2-redirect.html': 'text/html; charset=utf-8',
  'oauth2-redirect.js': 'text/javascript; charset=utf-8',
  'waymark-docs.js': 'text/javascript; charset=utf-8',
};

/** Where the UI's files are, and a tag that changes whenever any file the page loads may have changed. */
export interface SwaggerUi {
  readonly dir: string;
  readonly version: string;
  readonly tag: string;
}

/**
 * Finds swagger-ui-dist as the app sees it: from waymark's own location (a
 * peer installed beside it, hoisted or linked by pnpm), then from the
 * working directory (the user's project). Missing, it is an
 * `ImproperlyConfigured` naming the install command.
 */
export function locateSwaggerUi(resolve: Resolver = resolveLocally): SwaggerUi {
  let found: string;
  try {
    found = findPeer(`${UI_PACKAGE}/package.json`, resolve);
  } catch {
    throw new ImproperlyConfigured(
      `docsRoutes() serves Swagger UI from the ${UI_PACKAGE} package, an optional peer dependency of waymark that is not installed: run \`npm install ${UI_PACKAGE}\`.`,
    );
  }
  const { version } = JSON.parse(readFileSync(found, 'utf8')) as { version: string };
  const tag = createHash('sha256').update(`${version}\n${INIT_SCRIPT}`).digest('hex').slice(0, 16);
  return { dir: dirname(found), version, tag };
}

/** The path of an asset on disk; `file` is one of `ASSET_TYPES`' keys (the route's requirement admits no other). */
export function assetPath(ui: SwaggerUi, file: string): string {
  return join(ui.dir, file);
}
