import 'reflect-metadata';
import { createServer } from 'node:http';
import { createApp, QueryParameterVersioning } from '../../src';
import { history, Users } from '../shared/history';
import { serve, timed } from './serve';

// `--history`: the history of shared/history.ts, so a request of v1 is converted back twice. Without it,
// the same versions and no history: what the newest costs today.
const versioning = new QueryParameterVersioning({ defaultVersion: 'v3', allowedVersions: history.versions });
const withHistory = process.argv.includes('--history');
const { value: app, buildMs } = timed(() => createApp({ routes: [Users], versioning, ...(withHistory ? { history } : {}) }));
serve(createServer(app.callback()), buildMs);
