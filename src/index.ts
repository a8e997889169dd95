import './metadata';

export { App, createApp, type AppOptions } from './app';
export { Controller, type ControllerOptions } from './decorators/controller';
export { Get, Post, Put, Patch, Delete, Head, Options, All, type RouteOptions } from './decorators/routes';
export { Param, Params, Query, Queries, Body, Header, Ctx, Version, type ParamOptions, type BodyOptions, type JSONSchema, type ParamType } from './decorators/params';
export { Use } from './decorators/use';
export { ErrorCatalogue, WaymarkError, NoReverseMatch, ImproperlyConfigured, InvalidArgument, type ErrorCode } from './errors';
export {
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
} from './http/errors';
export type { MatchedRoute } from './http/context';
export type { OpenApiDocument, OpenApiOperation } from './openapi/document';
export type { OpenApiOptions } from './openapi/options';
export type { DocumentedResponse, RouteDocs } from './openapi/route-docs';
export { include, type Include, type IncludeOptions, type RouteSource } from './table/include';
export type { RouteRecord, RouteTable } from './table/builder';
export type { ReverseOptions, ReverseParams } from './table/reverse';
export type { QueryInput } from './table/query';
export type { RouteNames, RouteName, RouteParams, ReverseArgs } from './typegen/names';
export type { VersioningScheme } from './versioning/scheme';
export { closeGracefully, type CloseOptions } from './shutdown';
export { BaseVersioning, type VersioningOptions } from './versioning/base';
export type { DeprecatedVersions, DeprecationEntry } from './lifecycle/policy';
export { AcceptHeaderVersioning } from './versioning/accept-header';
export { URLPathVersioning } from './versioning/url-path';
export { NamespaceVersioning } from './versioning/namespace';
export { HostNameVersioning, type HostNameVersioningOptions } from './versioning/host-name';
export { QueryParameterVersioning } from './versioning/query-parameter';
export type { ProxyTrust } from './http/proxy';
