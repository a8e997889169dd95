import { expect } from 'chai';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { project, removeWork, root, run, section, succeeds, TEN_MINUTES, work, writeFiles } from './project';

// The package installed from a git URL (a local clone: only the npm registry is needed), whose
// prepare script builds it; run by .ci/suites/consumer.sh beside consumer.suite.ts.
describe('consumer project: installed from a git URL', function () {
  this.timeout(TEN_MINUTES);

  it('prepare builds dist/ (declarations included), and the getting-started app compiles against it', () => {
    const clone = join(work, 'clone');
    succeeds(run('git', ['clone', '--quiet', '--no-hardlinks', root, clone], work));
    const dir = project('from-git');
    succeeds(run('npm', ['install', '--no-audit', '--no-fund', `git+file://${clone}`, 'reflect-metadata', 'typescript@5'], dir));
    for (const file of ['dist/index.js', 'dist/bundle.js', 'dist/bundle-tools.js', 'dist/index.d.ts', 'dist/cli/main.js', 'bin/waymark.js']) {
      expect(existsSync(join(dir, 'node_modules', 'waymark', file)), file).to.equal(true);
    }
    const readme = section();
    writeFileSync(join(dir, 'tsconfig.json'), readme.tsconfig);
    writeFiles(dir, new Map([['src/app.ts', readme.files.get('src/app.ts') as string]]));
    succeeds(run('npx', ['tsc', '-p', '.'], dir));
    expect(succeeds(run(process.execPath, ['-e', "console.log(require('./dist/app').app.url('books-detail', { id: 7 }))"], dir)).trim()).to.equal('/books/7');
  });
});

after(removeWork);
