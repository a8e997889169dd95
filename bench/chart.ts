import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The chart of docs/performance.md (`docs/bench.svg`): req/s per row and
 * framework, a bar at the median of the rounds and a whisker from the
 * slowest round to the fastest. Written at the end of a full `npm run bench`,
 * or redrawn from a results file: `node bench/.build/bench/chart.js
 * [bench/results/latest.json]`. The SVG is written by hand: a few rects and
 * texts, where a charting package would be a dependency for one picture.
 */
interface Results {
  date: string;
  node: string;
  machine?: { cpu: string; cores: number };
  settings: { rounds: number; duration: number };
  servers: Record<string, { rps: number; runs: number[] }>;
  peers: { frameworks: string[]; rows: { title: string; short: string; cells: Record<string, string | string[]> }[] };
}

const root = join(__dirname, '..', '..', '..');
const COLORS: Record<string, string> = {
  waymark: '#d9480f',
  'raw node:http': '#868e96',
  fastify: '#1c7ed6',
  'koa + @koa/router': '#37b24d',
  express: '#495057',
  hono: '#f59f00',
  'nest (express)': '#c2255c',
  'nest (fastify)': '#e64980',
  'routing-controllers': '#7048e8',
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const thousands = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)}k` : Math.round(n).toString());

/** The chart's SVG text. */
export function chartOf(results: Results): string {
  const width = 960;
  const label = 170;
  const barArea = 640;
  const bar = 14;
  const gap = 5;
  const parts: string[] = [];
  let y = 66;
  for (const row of results.peers.rows) {
    const bars = results.peers.frameworks.flatMap((who) => {
      const cell = row.cells[who];
      const names = cell === undefined ? [] : typeof cell === 'string' ? [cell] : cell;
      const measured = names.map((name) => results.servers[name]).filter((s) => s !== undefined && s.runs.length > 0);
      if (measured.length === 0) return [];
      const slowest = measured.reduce((a, b) => (a.rps <= b.rps ? a : b));
      return [{ who, rps: slowest.rps, min: Math.min(...slowest.runs), max: Math.max(...slowest.runs) }];
    });
    if (bars.length === 0) continue;
    const scale = barArea / Math.max(...bars.map((b) => b.max));
    parts.push(`<text x="10" y="${y}" class="row">${escape(row.title)}</text>`);
    y += 10;
    for (const b of bars) {
      const top = y;
      const middle = top + bar / 2;
      const color = COLORS[b.who] ?? '#adb5bd';
      parts.push(`<text x="${label - 6}" y="${middle + 4}" text-anchor="end" class="${b.who === 'waymark' ? 'me' : 'who'}">${escape(b.who)}</text>`);
      parts.push(`<rect x="${label}" y="${top}" width="${(b.rps * scale).toFixed(1)}" height="${bar}" fill="${color}"/>`);
      const [x1, x2] = [label + b.min * scale, label + b.max * scale];
      parts.push(`<path d="M${x1.toFixed(1)} ${middle}H${x2.toFixed(1)}M${x1.toFixed(1)} ${top + 2}V${top + bar - 2}M${x2.toFixed(1)} ${top + 2}V${top + bar - 2}" class="whisker"/>`);
      parts.push(`<text x="${(x2 + 6).toFixed(1)}" y="${middle + 4}" class="value">${thousands(b.rps)}</text>`);
      y += bar + gap;
    }
    y += 18;
  }
  const machine = results.machine ? `${results.machine.cpu}, ${results.machine.cores} cores, ` : '';
  const head = [
    `<text x="10" y="22" class="title">Requests per second, waymark and the frameworks a user would pick instead</text>`,
    `<text x="10" y="40" class="note">${escape(`bar: median of ${results.settings.rounds} rounds of ${results.settings.duration} s; whisker: slowest to fastest round; each row on its own scale. ${machine}node ${results.node}, ${results.date.slice(0, 10)}`)}</text>`,
  ];
  const style =
    '<style>text{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;font-size:12px;fill:#212529}.title{font-size:15px;font-weight:600}.note{font-size:11px;fill:#495057}' +
    '.row{font-weight:600}.me{font-weight:700;fill:#d9480f}.value{font-size:11px;fill:#495057}.whisker{stroke:#212529;stroke-width:1.2;fill:none}</style>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" viewBox="0 0 ${width} ${y}">\n${style}\n<rect width="100%" height="100%" fill="#fff"/>\n${[...head, ...parts].join('\n')}\n</svg>\n`;
}

/** Writes `docs/bench.svg` from a run's results. */
export function writeChart(results: object, file = join(root, 'docs', 'bench.svg')): void {
  writeFileSync(file, chartOf(results as Results));
}

if (require.main === module) {
  const source = process.argv[2] ?? join(root, 'bench', 'results', 'latest.json');
  writeChart(JSON.parse(readFileSync(source, 'utf8')));
  process.stdout.write(`docs/bench.svg redrawn from ${source}\n`);
}
