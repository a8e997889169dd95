import './metadata';

export { App, createApp, type AppOptions } from './app';
export { Controller, type ControllerOptions } from './decorators/controller';
export { Get, Post, Put, Patch, Delete, Head, Options, All, type RouteOptions } from './decorators/routes';
export { Param, Params, Query, Queries, Body, Header, Ctx, Version } from './decorators/params';
export {
  ErrorCatalogue,
  WaymarkError,
  HttpError,
  BadRequest,
  NotFound,
  MethodNotAllowed,
  NotAcceptable,
  NoReverseMatch,
  ImproperlyConfigured,
  InvalidArgument,
  type HttpErrorOptions,
} from './errors';
export type { MatchedRoute } from './http/context';
export { include, type Include, type IncludeOptions, type RouteSource } from './table/include';
export type { RouteRecord, RouteTable } from './table/builder';
export type { ReverseOptions, ReverseParams, QueryInput } from './table/reverse';
export type { VersioningScheme } from './versioning/scheme';
export { closeGracefully, type CloseOptions } from './shutdown';
export { BaseVersioning, type VersioningOptions } from './versioning/base';
export { AcceptHeaderVersioning } from './versioning/accept-header';
export { URLPathVersioning } from './versioning/url-path';
export { NamespaceVersioning } from './versioning/namespace';
export { HostNameVersioning, type HostNameVersioningOptions } from './versioning/host-name';
export { QueryParameterVersioning } from './versioning/query-parameter';
export type { ProxyTrust } from './http/proxy';
