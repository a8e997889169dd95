import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Verdict } from './classify';
import type { Case } from './compare';

/** What each differential suite adds to the closing line of `npm run test:drf`. */
export const tally = { agree: 0, unexplained: 0, lines: [] as string[] };

/**
 * One suite's results into the tally: a headline, how often each documented
 * exception explained a request, and the unexplained cases written to
 * `.out/<file>` (one JSON case per line) for whoever has to look at them.
 */
export function record(title: string, results: readonly { one: Case; verdict: Verdict }[], file: string): void {
  const count = (kind: Verdict['kind']) => results.filter(({ verdict }) => verdict.kind === kind).length;
  const by = new Map<string, number>();
  for (const { verdict } of results) if (verdict.kind === 'explained') for (const name of verdict.by) by.set(name, (by.get(name) ?? 0) + 1);
  tally.lines.push(
    `${title}: ${results.length} requests, ${count('agree')} identical, ${count('explained')} differing only by documented exceptions:`,
    ...[...by].sort((a, b) => b[1] - a[1]).map(([name, n]) => `  ${name}: ${n}`),
  );
  tally.agree += results.length - count('unexplained');
  tally.unexplained += count('unexplained');
  mkdirSync(join(__dirname, '.out'), { recursive: true });
  const unexplained = results.filter(({ verdict }) => verdict.kind === 'unexplained');
  writeFileSync(join(__dirname, '.out', file), unexplained.map(({ one, verdict }) => JSON.stringify({ ...one, verdict })).join('\n'));
}
