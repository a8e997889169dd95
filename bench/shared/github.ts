import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One route of the GitHub API set: its method, its pattern, and a path that requests it. */
export interface GithubRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  pattern: string;
  path: string;
}

/** The layouts the GitHub set is mounted in: as written, under `/:version`, and under two namespace includes. */
export type Layout = 'flat' | 'version' | 'namespace';
export const layouts: readonly Layout[] = ['flat', 'version', 'namespace'];

/**
 * The `githubAPI` list of julienschmidt/go-http-routing-benchmark (203
 * routes), read from `bench/data/github-api.txt` (the source tree's copy: the
 * compiled bench runs from `bench/.build`).
 */
export function githubRoutes(): GithubRoute[] {
  // Compiled to bench/.build/bench/shared/: four levels up is the project root.
  const file = join(__dirname, '..', '..', '..', '..', 'bench', 'data', 'github-api.txt');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [method, pattern] = line.split(' ');
      return { method: method as GithubRoute['method'], pattern, path: pattern.replace(/:(\w+)/g, (_, name: string) => `${name}1`) };
    });
}

/** The request path of `route` in `layout`: the version segment alternates v1 and v2 from one route to the next. */
export function requestPath(route: GithubRoute, layout: Layout, index: number): string {
  return layout === 'flat' ? route.path : `/v${(index % 2) + 1}${route.path}`;
}

/** One request per route, in the list's order: what the bench client cycles through. */
export function githubRequests(layout: Layout): { method: string; path: string }[] {
  return githubRoutes().map((route, index) => ({ method: route.method, path: requestPath(route, layout, index) }));
}
