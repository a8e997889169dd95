import type CoBody from 'co-body';

let loaded: typeof CoBody | undefined;

/** co-body and its parsers (~4 MiB of RSS) are required on the first body read, not at import: most routes never read one. */
export function coBody(): typeof CoBody {
  return (loaded ??= require('co-body') as typeof CoBody);
}
