import { InvalidArgument } from '../errors';
import { textOf } from './encode';

export type QueryInput =
  | Readonly<Record<string, string | number | readonly (string | number)[]>>
  | URLSearchParams
  | string;

/** The parts of `ReverseOptions` that follow the path. */
export interface QueryAndFragment {
  query?: QueryInput;
  fragment?: string;
}

/** Appends the query and fragment of `options` to a path. */
export function withQueryAndFragment(path: string, options: QueryAndFragment): string {
  if (options.query === undefined && options.fragment === undefined) return path;
  const query = queryString(options.query);
  let url = query === '' ? path : `${path}?${query}`;
  if (options.fragment !== undefined && options.fragment !== '') {
    const fragment = typeof options.fragment === 'string' && options.fragment.isWellFormed() ? options.fragment : null;
    if (fragment === null) throw new InvalidArgument('fragment must be a well-formed string.');
    url += `#${encodeURIComponent(fragment)}`;
  }
  return url;
}

/** The query in form encoding; a raw string is parsed and re-encoded, never appended as given. */
export function queryString(query: QueryInput | undefined): string {
  if (query === undefined) return '';
  if (typeof query === 'string' || query instanceof URLSearchParams) return new URLSearchParams(query).toString();
  if (typeof query !== 'object' || query === null) throw new InvalidArgument('query must be an object, a URLSearchParams or a string.');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = textOf(item);
      if (text === null || !text.isWellFormed()) {
        throw new InvalidArgument(`query value for "${key}" must be a string, a finite number, or an array of them.`);
      }
      search.append(key, text);
    }
  }
  return search.toString();
}
