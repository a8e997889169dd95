import type { ErrorFormat } from '../model/error-format';
import { PROBLEM_MEDIA_TYPE } from '../http/error-format';
import { PROBLEM_REF, PROBLEM_SCHEMA } from './responses';
import { shownSchema, type Warn } from './schemas';

/** Where the app's own error body is described when `errors.schema` is given. */
export const ERROR_REF = '#/components/schemas/Error';

/** How a document writes the error responses waymark generates (docs/errors.md#in-the-documents). */
export interface ErrorDocs {
  /** The error responses' media type (`errors.mediaType`). */
  readonly mediaType: string;
  /** The status of a validation failure (`errors.status.validation`). */
  readonly validation: 400 | 422;
  /** A fresh `content` object of one error response (fresh, so a YAML writer never makes aliases). */
  content(): Record<string, unknown>;
  /** The document's error schemas, to put in `components.schemas`. */
  readonly components: Readonly<Record<string, unknown>>;
}

/**
 * The error responses of a document, from `AppOptions.errors`: problem
 * documents (`Problem`) by default, under `errors.mediaType` when it is
 * given; the app's `errors.schema` (as `Error`) when it renders its own; any
 * body (`{}`) for a `render` that gives no schema.
 */
export function errorDocs(format: ErrorFormat | undefined, warn: Warn): ErrorDocs {
  const mediaType = format?.mediaType ?? PROBLEM_MEDIA_TYPE;
  const validation = format?.validationStatus ?? 400;
  if (format === undefined || format.render === null) {
    return { mediaType, validation, components: { Problem: PROBLEM_SCHEMA }, content: () => ({ [mediaType]: { schema: { $ref: PROBLEM_REF } } }) };
  }
  if (format.schema === null) return { mediaType, validation, components: {}, content: () => ({ [mediaType]: { schema: {} } }) };
  const schema = shownSchema(format.schema, 'output', (reason) => warn(`errors.schema: ${reason}`));
  return { mediaType, validation, components: { Error: schema }, content: () => ({ [mediaType]: { schema: { $ref: ERROR_REF } } }) };
}
