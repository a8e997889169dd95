import 'reflect-metadata';
import { createServer } from 'node:http';
import { change, Controller, createApp, field, Get, QueryParameterVersioning, VersionHistory } from '../../src';
import { record, recordSchema } from '../shared/contract';
import { serve, timed } from './serve';

/** The contract row's route (a 20-field record under its response schema), versioned by a query parameter. */
@Controller('/users', { namespace: 'users' })
class Users {
  @Get('/:id', { name: 'detail', responses: { 200: { schema: recordSchema } } }) detail() {
    return record;
  }
}

// `--history`: three versions, each older one with a rename and a response converter, so a request of v1
// is converted back twice. Without it, the same versions and no history: what the newest costs today.
const history = new VersionHistory([
  {
    version: 'v3',
    changes: [change({ description: 'field0 was title', instructions: [field(recordSchema, 'field0').had({ name: 'title' })], responses: [{ schema: recordSchema, convert: (value) => ({ ...value, field1: value.field1 + 1 }) }] })],
  },
  {
    version: 'v2',
    changes: [change({ description: 'field2 was label', instructions: [field(recordSchema, 'field2').had({ name: 'label' })], responses: [{ schema: recordSchema, convert: (value) => ({ ...value, field3: value.field3 - 1 }) }] })],
  },
  { version: 'v1' },
]);
const versioning = new QueryParameterVersioning({ defaultVersion: 'v3', allowedVersions: history.versions });
const withHistory = process.argv.includes('--history');
const { value: app, buildMs } = timed(() => createApp({ routes: [Users], versioning, ...(withHistory ? { history } : {}) }));
serve(createServer(app.callback()), buildMs);
