import { expect } from 'chai';
import { join } from 'node:path';
import { checkProject, MAX_NESTING, readRunnerOptions } from '../../src/runner-options';
import { errorsOf, project } from './project';

const utf16be = (text: string) => {
  const bytes = Buffer.from(text, 'utf16le');
  for (let i = 0; i < bytes.length; i += 2) [bytes[i], bytes[i + 1]] = [bytes[i + 1], bytes[i]];
  return Buffer.concat([Buffer.from([0xfe, 0xff]), bytes]);
};

describe('runner-options/source (reading a file as TypeScript does)', () => {
  const block = '{ "ts-node": { "transpileOnly": true } }';

  it('an empty tsconfig.json is {} (regression: it was INVALID_JSON)', () => {
    const options = readRunnerOptions(join(project({ 'tsconfig.json': '' }), 'tsconfig.json'));
    expect(options.transpileOnly).to.equal(false);
  });

  it('a UTF-8 byte-order mark is read (regression: INVALID_JSON ... InvalidSymbol)', () => {
    expect(readRunnerOptions(join(project({ 'tsconfig.json': `\ufeff${block}` }), 'tsconfig.json')).transpileOnly).to.equal(true);
  });

  it('UTF-16 LE and BE files with a byte-order mark are read (regression: INVALID_JSON)', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(block, 'utf16le')]);
    expect(readRunnerOptions(join(project({ 'tsconfig.json': le }), 'tsconfig.json')).transpileOnly).to.equal(true);
    expect(readRunnerOptions(join(project({ 'tsconfig.json': utf16be(block) }), 'tsconfig.json')).transpileOnly).to.equal(true);
  });

  it('reads comments and trailing commas', () => {
    const text = '{\n  // why\n  "ts-node": { /* a */ "transpileOnly": true, },\n}';
    expect(readRunnerOptions(join(project({ 'tsconfig.json': text }), 'tsconfig.json')).transpileOnly).to.equal(true);
  });

  it('10,000 nested objects are NESTING_TOO_DEEP naming the file (regression: RangeError)', () => {
    const dir = project({ 'tsconfig.json': `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}` });
    const { errors } = checkProject(join(dir, 'tsconfig.json'));
    expect(errors.map((e) => [e.code, e.file])).to.deep.equal([['NESTING_TOO_DEEP', join(dir, 'tsconfig.json')]]);
  });

  it(`nesting up to ${MAX_NESTING} levels is read`, () => {
    const depth = MAX_NESTING - 2;
    const dir = project({ 'tsconfig.json': `{"x":${'['.repeat(depth)}${']'.repeat(depth)}}` });
    expect(errorsOf(dir).filter(([code]) => code === 'NESTING_TOO_DEEP')).to.deep.equal([]);
  });

  it('a syntax error is INVALID_JSON with TypeScript\'s message', () => {
    const [problem] = checkProject(join(project({ 'tsconfig.json': '{ "a": }' }), 'tsconfig.json')).errors;
    expect(problem.code).to.equal('INVALID_JSON');
    expect(problem.message).to.match(/TS\d+ at line 1/);
  });
});
