import type * as FastCheck from 'fast-check';
import { ImproperlyConfigured } from '../errors';
import { loadPeer } from '../util/peer';

/** The fast-check module, as `checkContract` uses it. */
export type Fc = typeof FastCheck;

/**
 * fast-check is an optional peer dependency of `waymark/testing` only: it is
 * loaded when a check runs, so the package and its other entries never need
 * it. Missing, it is an `ImproperlyConfigured` naming the install command.
 */
export function loadFastCheck(load: () => unknown = () => loadPeer('fast-check')): Fc {
  try {
    return load() as Fc;
  } catch (error) {
    if (!/Cannot find (?:module|package) 'fast-check'/.test(String((error as Error).message))) throw error;
    throw new ImproperlyConfigured(
      'checkContract() generates its requests with fast-check, an optional peer dependency of waymark/testing that is not installed: run `npm install --save-dev fast-check`.',
    );
  }
}
