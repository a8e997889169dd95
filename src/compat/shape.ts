import { InvalidArgument } from '../errors';
import type { Json } from './schema';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

/**
 * Fails closed on a snapshot that is not an OpenAPI document where the
 * comparison reads it: a `null` path item, operation, response or request
 * body, `parameters` that are not a list of objects, `responses` or
 * `content` that are not objects. Read leniently, each of these compared as
 * "anything" and the check said "no breaking change" (docs/compatibility.md#snapshots-that-are-not-documents).
 * The error names the place, as a JSON path.
 */
export function checkSnapshotShape(document: unknown, label: string): asserts document is Json {
  const fail = (at: string, what: string, value: unknown): never => {
    throw new InvalidArgument(`${label}: ${at} is ${describe(value)}, not ${what}. The snapshot is not a valid OpenAPI document: restore it, or record it again with waymark openapi --snapshot.`);
  };
  const object = (value: unknown, at: string, what: string): Json => (isObject(value) ? value : fail(at, what, value));
  const root = object(document, 'the document', 'an OpenAPI document (an object)');
  if (root.paths === undefined) return;
  const paths = object(root.paths, 'paths', 'an object of path items');
  for (const [path, raw] of Object.entries(paths)) {
    const at = `paths[${JSON.stringify(path)}]`;
    const item = object(raw, at, 'a path item (an object)');
    parameters(item.parameters, `${at}.parameters`, fail);
    for (const method of METHODS) {
      if (item[method] === undefined) continue;
      const where = `${at}.${method}`;
      const operation = object(item[method], where, 'an operation (an object)');
      parameters(operation.parameters, `${where}.parameters`, fail);
      if (operation.requestBody !== undefined) content(object(operation.requestBody, `${where}.requestBody`, 'a request body (an object)').content, `${where}.requestBody.content`, fail);
      if (operation.responses === undefined) continue;
      const responses = object(operation.responses, `${where}.responses`, 'an object of responses');
      for (const [status, response] of Object.entries(responses)) {
        content(object(response, `${where}.responses[${JSON.stringify(status)}]`, 'a response (an object)').content, `${where}.responses[${JSON.stringify(status)}].content`, fail);
      }
    }
  }
}

type Fail = (at: string, what: string, value: unknown) => never;

function parameters(value: unknown, at: string, fail: Fail): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) fail(at, 'a list of parameters', value);
  (value as unknown[]).forEach((parameter, index) => {
    if (!isObject(parameter)) fail(`${at}[${index}]`, 'a parameter (an object)', parameter);
  });
}

function content(value: unknown, at: string, fail: Fail): void {
  if (value === undefined) return;
  if (!isObject(value)) fail(at, 'an object of media types', value);
  for (const [type, media] of Object.entries(value as Json)) if (!isObject(media)) fail(`${at}[${JSON.stringify(type)}]`, 'a media type object', media);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}
