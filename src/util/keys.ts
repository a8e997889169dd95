import { ImproperlyConfigured } from '../errors';
import { didYouMean } from './suggest';

/** Throws when `options` is not an object or has a key outside `known`, naming it, the closest known key and the keys that are allowed. */
export function checkKeys(where: string, options: object, known: readonly string[]): void {
  if (typeof options !== 'object' || options === null) {
    throw new ImproperlyConfigured(`${where} must be an object, got ${String(options)}.`);
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      const [closest] = didYouMean(key, known, { max: 1 });
      const hint = closest === undefined ? '' : ` Did you mean "${closest}"?`;
      throw new ImproperlyConfigured(`${where}: unknown option "${key}".${hint} Known options: ${known.join(', ')}.`);
    }
  }
}
