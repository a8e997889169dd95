import { InvalidArgument } from '../errors';
import type { VersioningScheme } from '../model/scheme';

/** The argument of `app.openapi()` (docs/openapi.md). */
export interface OpenApiOptions {
  /** The API version to describe (default: the scheme's `defaultVersion`). */
  version?: string | null;
  /** The document's `info`; `version` defaults to the API version. */
  info?: { title?: string; version?: string; description?: string };
}

/** Misuse is an `InvalidArgument` naming the option, never a document that silently ignores it. */
export function checkOpenApiOptions(options: OpenApiOptions): void {
  if (typeof options !== 'object' || options === null) throw new InvalidArgument(`app.openapi() options must be an object, got ${String(options)}.`);
  unknownKeys('app.openapi() options', options, ['version', 'info']);
  const { version, info } = options;
  if (version !== undefined && version !== null && typeof version !== 'string') {
    throw new InvalidArgument(`app.openapi(): version must be a string or null, got ${JSON.stringify(version)}.`);
  }
  if (info === undefined) return;
  if (typeof info !== 'object' || info === null) throw new InvalidArgument('app.openapi(): info must be an object { title?, version?, description? }.');
  unknownKeys('app.openapi() option info', info, ['title', 'version', 'description']);
  for (const [key, value] of Object.entries(info)) {
    if (value !== undefined && typeof value !== 'string') throw new InvalidArgument(`app.openapi(): info.${key} must be a string, got ${JSON.stringify(value)}.`);
  }
}

function unknownKeys(where: string, options: object, known: readonly string[]): void {
  const unknown = Object.keys(options).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new InvalidArgument(`${where}: unknown option "${unknown}". Known options: ${known.join(', ')}.`);
}

/**
 * The version the document describes: the one asked for (the scheme's
 * default when none is), refused when the scheme does not allow it. Without
 * versioning there is one document, and asking for a version is an error.
 */
export function documentVersion(scheme: VersioningScheme | null, asked: string | null | undefined): string | null {
  if (scheme === null) {
    if (asked !== undefined && asked !== null) {
      throw new InvalidArgument(`app.openapi({ version: ${JSON.stringify(asked)} }): this app has no versioning scheme, so it has one document; leave version out.`);
    }
    return null;
  }
  const version = asked === undefined ? scheme.defaultVersion : asked;
  if (!scheme.isAllowedVersion(version)) {
    const allowed = scheme.allowedVersions?.map((v) => JSON.stringify(v)).join(', ') ?? 'any';
    throw new InvalidArgument(`app.openapi(): version ${JSON.stringify(version)} is not allowed by ${scheme.constructor.name}. Allowed versions: ${allowed}.`);
  }
  return version;
}
