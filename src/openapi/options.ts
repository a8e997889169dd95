import { InvalidArgument } from '../errors';
import type { OpenApiDocumentOptions } from '../model/openapi';
import type { VersioningScheme } from '../model/scheme';
import { checkDocumentOptions, checkOpenApiVersion } from './document-options';

/** The argument of `app.openapi()` (docs/openapi.md): a version, and document-wide parts that win over `AppOptions.openapi`. */
export interface OpenApiOptions extends Omit<OpenApiDocumentOptions, 'version'> {
  /** The API version to describe (default: the scheme's `defaultVersion`). */
  version?: string | null;
  /** The OpenAPI version to write it in, over `AppOptions.openapi.version` (`'3.1'` or `'3.2'`, docs/streams.md#in-the-documents). */
  openapi?: '3.1' | '3.2';
}

const fail = (message: string): never => {
  throw new InvalidArgument(message);
};

/** Misuse is an `InvalidArgument` naming the option, never a document that silently ignores it; the rest, checked and copied. */
export function checkOpenApiOptions(options: OpenApiOptions): OpenApiDocumentOptions {
  const { version, openapi, ...rest } = (typeof options === 'object' && options !== null ? options : fail(`app.openapi() options must be an object, got ${String(options)}.`)) as OpenApiOptions;
  if (version !== undefined && version !== null && typeof version !== 'string') {
    throw new InvalidArgument(`app.openapi(): version must be a string or null, got ${JSON.stringify(version)}.`);
  }
  const checked = checkDocumentOptions(rest, 'app.openapi() options', fail, ['info', 'servers', 'securitySchemes', 'tags', 'components']);
  if (openapi !== undefined) checked.version = checkOpenApiVersion(openapi, 'app.openapi() option openapi', fail);
  return checked;
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
