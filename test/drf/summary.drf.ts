import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tally } from './tally';

// A root hook: runs once, after every differential suite, and writes what `npm run test:drf` prints last.
after(() => {
  mkdirSync(join(__dirname, '.out'), { recursive: true });
  const lines = [...tally.lines, `${tally.agree} agree, ${tally.unexplained} unexplained`];
  writeFileSync(join(__dirname, '.out', 'summary.txt'), `${lines.join('\n')}\n`);
});
