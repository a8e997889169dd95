import './metadata';

export { App, createApp, type AppOptions } from './app';
export { Controller } from './decorators/controller';
export { Get, Post, Put, Patch, Delete, Head, Options, All, type RoutePath } from './decorators/routes';
export { Route } from './decorators/route';
export { Param, Params, Query, Queries, Body, Header, Ctx, Version } from './decorators/params';
export { createParameter, State, Cookie, Headers, Signal } from './decorators/parameters';
export { Use } from './decorators/use';
export { File, Files } from './decorators/files';
export { JSONParser, FormParser, MultiPartParser, TextParser, RawParser, type MultiPartOptions } from './bodies/parsers';
export type { FormBody, ParseLimits, Parser, ParserEntry, UploadedFile } from './model/parser';
export type { FileOptions } from './model/params';
export {
  ErrorCatalogue,
  WaymarkError,
  NoReverseMatch,
  ImproperlyConfigured,
  InvalidArgument,
  InvalidResponse,
  PinStoreFailed,
  type ErrorCode,
  HttpError,
  BadRequest,
  Unauthorized,
  Forbidden,
  NotFound,
  MethodNotAllowed,
  NotAcceptable,
  Conflict,
  Gone,
  UnsupportedMediaType,
  TooManyRequests,
  type HttpErrorOptions,
  type ProblemExtensions,
} from './errors';
export { WarningCatalogue, type WarningCode } from './errors/warnings';
export type { MatchedRoute } from './http/context';
export type { OpenApiDocument, OpenApiOperation } from './openapi/document';
export type { OpenApiOptions } from './openapi/options';
export type { OpenApiDocumentOptions } from './model/openapi';
export type { DescribedGuard, Guard, SecurityRequirement } from './model/guard';
export type { DescribedParamHook, ParamHook, ParamHooks } from './model/param-hooks';
export { reply, redirect, type Outcome, type ReplyOptions, type RedirectOptions } from './http/outcome';
export { include, type Include, type IncludeOptions, type RouteSource } from './table/include';
export { url } from './table/url';
export type { RouteInfo, RouteRegExpInfo } from './model/info';
export type { ControllerOptions, DocumentedHeader, DocumentedResponse, RouteDocs, RouteOptions, StreamOptions, TrailingSlash } from './model/options';
export type { BodyOptions, CookieOptions, CustomParameterOptions, ParamOptions, ParamType, QueriesOptions } from './model/params';
export type { Infer, JSONSchema, Schema, StandardSchemaV1 } from './model/schema';
export type { RouteRecord, RouteTable } from './model/route';
export type { QueryInput, ReverseOptions, ReverseParams } from './model/reverse';
export type { RouteNames, RouteName, RouteParams, ReverseArgs, RequestRouteNames, RequestRouteName, RequestRouteParams, RequestReverseArgs } from './model/names';
export type { VersioningScheme, VersioningDescription, VersioningInfo, VersionCarrier, VersionDeprecationInfo } from './model/scheme';
export type { EventFields, Renderer, RendererEntry, StreamFraming } from './model/renderer';
export { JSONRenderer, TextRenderer, HTMLRenderer } from './negotiation/renderers';
export { EventStreamRenderer, JSONLinesRenderer, serverEvent, type ServerEvent } from './negotiation/streams';
export { closeGracefully, type CloseOptions } from './shutdown';
export { health, type HealthOptions } from './health';
export { BaseVersioning, type VersioningOptions } from './versioning/base';
export type { DeprecatedVersions, DeprecationEntry } from './lifecycle/policy';
export { AcceptHeaderVersioning } from './versioning/accept-header';
export { URLPathVersioning } from './versioning/url-path';
export { NamespaceVersioning } from './versioning/namespace';
export { HostNameVersioning, type HostNameVersioningOptions } from './versioning/host-name';
export { QueryParameterVersioning } from './versioning/query-parameter';
export type { ProxyTrust } from './http/proxy';
export { docsRoutes, type DocsRoutesOptions } from './docs-page';
export { VersionHistory, type VersionEntry } from './history/history';
export { change, type ChangeOptions, type VersionChange, type RequestConverter, type ResponseConverter, type VersionedRequest, type VersionedResponse } from './history/change';
export { changelogOf, type ChangelogEntry, type ChangelogVersion } from './history/changelog';
export { changelog, renderChangelog, type ChangelogSource, type VersionNotes } from './compat/changelog';
export { field, route, type FieldInstruction, type FieldInstructions, type RouteInstruction, type RouteInstructions, type Instruction, type FieldChange } from './history/instructions';
export { MemoryPinStore, RedisPinStore, type VersionPinStore, type RedisLikeClient } from './pinning/store';
export type { PinningOptions } from './pinning/options';
export type { VersionPins } from './pinning/pins';
export type { DeprecatedRequestHook, DeprecatedRequestInfo } from './lifecycle/telemetry';
export { versionsRoute, type VersionsRouteOptions } from './catalog';
export type { ErrorFormatOptions, ProblemDocument, ProblemItem } from './model/error-format';
