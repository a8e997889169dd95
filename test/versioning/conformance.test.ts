import {
  AcceptHeaderVersioning,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  QueryParameterVersioning,
  URLPathVersioning,
} from '../../src';
import { conformance, Things } from './conformance';

const origin = 'http://api.test';

conformance('AcceptHeaderVersioning', {
  scheme: (options) => new AcceptHeaderVersioning(options),
  routes: [Things],
  send: (agent, version, path = '/things') => agent.get(path).set('Accept', version === null ? 'application/json' : `application/json; version=${version}`),
  status: 406,
  message: 'Invalid version in "Accept" header.',
  vary: ['Accept'],
  link: () => `${origin}/things/7`,
  missingVersion: 'refused',
});

conformance('URLPathVersioning', {
  scheme: (options) => new URLPathVersioning(options),
  routes: [include('/:version', [Things]), Things],
  send: (agent, version, path = '/things') => agent.get(version === null ? path : `/${version}${path}`),
  status: 404,
  message: 'Invalid version in URL path.',
  vary: [],
  link: (version) => `${origin}/${version}/things/7`,
  missingVersion: 'refused',
});

conformance('NamespaceVersioning', {
  scheme: (options) => new NamespaceVersioning(options),
  routes: ['v1', 'v2', 'v9'].map((v) => include(`/${v}`, [Things], { namespace: v })).concat([include('', [Things])]),
  send: (agent, version, path = '/things') => agent.get(version === null ? path : `/${version}${path}`),
  status: 404,
  message: 'Invalid version in URL path. Does not match any version namespace.',
  vary: [],
  link: (version) => `${origin}/${version}/things/7`,
  missingVersion: 'default unchecked',
});

conformance('HostNameVersioning', {
  scheme: (options) => new HostNameVersioning(options),
  routes: [Things],
  send: (agent, version, path = '/things') => agent.get(path).set('Host', version === null ? 'localhost' : `${version}.example.com`),
  status: 404,
  message: 'Invalid version in hostname.',
  vary: [],
  link: (version) => `http://${version}.example.com/things/7`,
  missingVersion: 'default unchecked',
});

conformance('QueryParameterVersioning', {
  scheme: (options) => new QueryParameterVersioning(options),
  routes: [Things],
  send: (agent, version, path = '/things') => agent.get(version === null ? path : `${path}?version=${version}`),
  status: 404,
  message: 'Invalid version in query parameter.',
  vary: [],
  link: (version) => `${origin}/things/7?version=${version}`,
  missingVersion: 'refused',
});
