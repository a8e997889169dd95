import 'reflect-metadata';
import { createServer } from 'node:http';
import { Controller, createApp, Get, Param, type TrailingSlash } from '../../src';
import { filler } from '../shared/waymark-routes';
import { serve, timed } from './serve';

/**
 * `GET /users/42` among ten routes (docs/trailing-slash.md, docs/regexp-paths.md):
 * `--trailing <mode>` the pattern `/users/:id` under that `trailingSlash`;
 * `--regexp` the same path as the RegExp `/^\/users\/(?<id>[^/]+)$/`.
 */
@Controller('')
class AsPattern {
  @Get('/users/:id', 'users-detail') detail(@Param('id') id: string) {
    return { id };
  }
}

@Controller('')
class AsRegExp {
  @Get(/^\/users\/(?<id>[^/]+)$/, 'users-detail') detail(@Param('id') id: string) {
    return { id };
  }
}

const at = process.argv.indexOf('--trailing');
const trailingSlash = (at === -1 ? 'optional' : process.argv[at + 1]) as TrailingSlash;
const Users = process.argv.includes('--regexp') ? AsRegExp : AsPattern;
const { value: app, buildMs } = timed(() => createApp({ routes: [...filler(9), Users], trailingSlash }));
serve(createServer(app.callback()), buildMs);
