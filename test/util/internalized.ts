import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--allow-natives-syntax');
/** V8's own answer to "is this string the engine's copy of a property key?" (`%IsInternalizedString`), for the tests that need it. */
export const isInternalized = new Function('value', 'return %IsInternalizedString(value)') as (value: string) => boolean;
