// The errors layer, the bottom of waymark's folders: it imports nothing else of src/ (docs/architecture.md).
export { ErrorCatalogue, entryOf, messageOf, templateOf, type CatalogueEntry, type ErrorCode, type HttpErrorCode, type VariantOf } from './catalogue';
export { HttpError, type HttpErrorOptions, type ProblemExtensions } from './http';
export { Message } from './message';
export {
  BadRequest,
  Conflict,
  Forbidden,
  Gone,
  httpError,
  MethodNotAllowed,
  NotAcceptable,
  NotFound,
  TooManyRequests,
  Unauthorized,
  UnsupportedMediaType,
  versionRefused,
} from './status';
export { ImproperlyConfigured, InvalidArgument, InvalidResponse, NoReverseMatch, PinStoreFailed, WaymarkError } from './waymark';
export { WarningCatalogue, WARNING_TYPE, emitWaymarkWarning, warningMessage, type WarningEntry, type WarningCode } from './warnings';
