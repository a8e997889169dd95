import { expect } from 'chai';
import { runInNewContext } from 'node:vm';
import ts from 'typescript';
import { AcceptHeaderVersioning, Controller, createApp, Get } from '../../../src';
import { generateClient } from '../../../src/client/emit';
import { clientSourceOf } from '../../../src/client/source';

/** Text that ends a `//` comment and a string's line (U+2028, U+2029, CR, LF) followed by code that marks the sandbox. */
const BREAKS = ['\u2028', '\u2029', '\n', '\r'].map((end) => `v1${end}globalThis.ran = (globalThis.ran || 0) + 1; //`);

@Controller('/things')
class Things {
  @Get('', 'list') list() {
    return [];
  }
}

/** Loads a generated client as a browser or Node would: transpiled to JavaScript, run in a fresh context. */
function load(source: string): { ran: unknown; versions: unknown } {
  const { outputText } = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS } });
  const sandbox: Record<string, unknown> = { exports: {}, URL, ran: undefined };
  runInNewContext(outputText, sandbox);
  const exported = sandbox.exports as { defaultVersion?: unknown };
  return { ran: sandbox.ran, versions: exported.defaultVersion };
}

describe('reliability: hostile text in a generated client', () => {
  it('a version name with a line terminator never ends a comment or a literal: nothing of it runs when the client loads', () => {
    const versioning = new AcceptHeaderVersioning({ defaultVersion: BREAKS[0], allowedVersions: BREAKS });
    const source = generateClient(clientSourceOf(createApp({ routes: [Things], versioning }), `waymark client --out x.ts${'\u2028'}globalThis.ran = 1; //`));
    const loaded = load(source);
    expect(loaded.ran, 'code carried by a version name or the command ran').to.equal(undefined);
    expect(loaded.versions).to.equal(BREAKS[0]);
    expect(source).not.to.match(/[\u2028\u2029]/);
  });
});
