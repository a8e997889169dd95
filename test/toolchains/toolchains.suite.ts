import { expect } from 'chai';
import { mkdirSync, writeFileSync } from 'node:fs';
import { freePort } from '../consumer/project';
import { join } from 'node:path';
import { cells, type Cell } from './cells';
import { recipe } from './recipes';
import { binDir, cacheRoot, environment, pack, removeCell, removeWork, serves, succeeds, tool, work, writeFiles } from './workspace';

/**
 * One fresh project per toolchain, made from the packed tarball as a user
 * makes one from docs/toolchains.md: the page's files and `sh` lines of the
 * cell's section, the server asked for a book, the app's test run by the
 * cell's runner. Run by .ci/suites/toolchains.sh; the downloads are kept in
 * the cache outside the clone, so a second run is quick.
 */

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** A command that starts the server module (one that bundles it, `esbuild src/server.ts ...`, does not). */
function runsTheServer(command: string): boolean {
  return /\bserver\.(ts|js)\b/.test(command) && !/\besbuild\b/.test(command);
}

/** The cell's commands from its section of the page, with the tarball for `waymark`. */
function commandsOf(cell: Cell, tarball: string): string[] {
  return recipe(cell.section)
    .commands.filter(cell.commands ?? (() => true))
    .map((command) => (cell.replace ?? []).reduce((line, [from, to]) => line.replaceAll(from, to), command))
    .map((command) => (command.startsWith('npm install ') ? command.replace(/ waymark\b(?![-/@])/, ` ${tarball}`) : command));
}

describe(`toolchains: a fresh project per toolchain from the packed tarball (docs/toolchains.md; cache ${cacheRoot})`, function () {
  this.timeout(15 * 60_000);
  let tarball = '';

  before(() => {
    tarball = pack();
  });
  after(removeWork);

  for (const cell of cells) {
    it(cell.name, async () => {
      const name = slug(cell.name);
      const dir = join(work, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true, type: cell.type }, null, 2));
      writeFiles(dir, cell.files);
      const links = Object.fromEntries(Object.entries(cell.binaries ?? {}).map(([link, [spec, path]]) => [link, tool(spec, path)]));
      const env = environment(Object.keys(links).length > 0 ? [binDir(name, links)] : []);
      if (cell.nodeVersion) expect(succeeds(cell.name, 'node --version', dir, env).stdout).to.match(new RegExp(`^${cell.nodeVersion.replace('.', '\\.')}`));
      const commands = commandsOf(cell, tarball);
      expect(commands.some((command) => command.startsWith('npm install ')), `${cell.name}: its section installs waymark`).to.equal(true);
      try {
        for (const command of commands) {
          if (runsTheServer(command)) {
            await serves(cell.name, command, dir, env, await freePort());
            continue;
          }
          const { stdout } = succeeds(cell.name, command, dir, env);
          for (const [when, output] of cell.prints ?? []) {
            if (when.test(command)) expect(stdout, `${cell.name}: what \`${command}\` printed`).to.match(output);
          }
        }
      } finally {
        removeCell(dir);
      }
    });
  }

  it('every section of docs/toolchains.md with commands is run by a cell', () => {
    const sections = new Set(cells.map((cell) => cell.section));
    for (const heading of ['TypeScript 5.9, 6 and 7', 'ESM with NodeNext', 'Plain JavaScript', 'tsx', 'Vitest 3', 'Vitest 4', 'esbuild', '`@swc-node/register`', 'Bun', 'Deno', '`waymark` first', 'The command line with TypeScript 7']) {
      expect(recipe(heading).commands, heading).to.not.be.empty;
      expect(sections.has(heading), heading).to.equal(true);
    }
  });
});
