import { didYouMean } from '../util/suggest';
import type { RouteTable } from '../model/route';

/** Up to three known full names closest to `name`; the same route name in another namespace first. */
export function closestNames(table: RouteTable, name: string): string[] {
  const view = name.slice(name.lastIndexOf(':') + 1);
  const known = table.routes.flatMap((route) => (route.fullName === null ? [] : [route.fullName]));
  return didYouMean(name, known, { preferred: (candidate) => candidate === view || candidate.endsWith(`:${view}`) });
}
