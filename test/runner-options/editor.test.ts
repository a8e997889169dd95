import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getLanguageService, TextDocument, type Diagnostic } from 'vscode-json-languageservice';

const root = join(__dirname, '..', '..');

/**
 * Validates a tsconfig.json as VS Code does (vscode-json-languageservice is its JSON engine),
 * following the document's own "$schema", with no network: the schema request service reads
 * local files and refuses everything else, and every refusal is recorded.
 */
async function validateInEditor(path: string, text: string) {
  const requested: string[] = [];
  const service = getLanguageService({
    schemaRequestService: async (uri) => {
      requested.push(uri);
      if (!uri.startsWith('file:')) throw new Error(`no network: ${uri}`);
      return readFileSync(fileURLToPath(uri), 'utf8');
    },
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).toString() },
  });
  service.configure({ validate: true, allowComments: true, schemas: [] });
  const document = TextDocument.create(pathToFileURL(path).toString(), 'jsonc', 1, text);
  const diagnostics: Diagnostic[] = await service.doValidation(document, service.parseJSONDocument(document), { comments: 'ignore', trailingCommas: 'ignore' });
  const at = (d: Diagnostic) => text.slice(document.offsetAt(d.range.start), document.offsetAt(d.range.end));
  return { requested, diagnostics: diagnostics.map((d) => ({ message: d.message, text: at(d) })) };
}

describe('runner-options: the project-file schema in an editor, offline', () => {
  const path = join(root, 'tsconfig.json');
  const own = readFileSync(path, 'utf8');

  it("accepts this repository's own tsconfig.json, loading only local files", async () => {
    const { requested, diagnostics } = await validateInEditor(path, own);
    expect(diagnostics).to.deep.equal([]);
    expect(requested.length).to.be.at.least(1);
    for (const uri of requested) expect(uri).to.match(/^file:/);
    expect(requested).to.include(pathToFileURL(join(root, 'schema', 'tsconfig.schema.json')).toString());
  });

  it('flags what is wrong in a broken one (regression: offline, it validated nothing)', async () => {
    const broken = own
      .replace('"transpileOnly": true', '"transpileOnly": "yes"')
      .replace('"strict": true', '"strict": "true"')
      .replace('"target": "es2022"', '"target": "es2099"');
    const { requested, diagnostics } = await validateInEditor(path, broken);
    for (const uri of requested) expect(uri).to.match(/^file:/);
    expect(diagnostics.map((d) => d.text).sort()).to.deep.equal(['"es2099"', '"true"', '"yes"']);
    expect(diagnostics.map((d) => d.message).join('\n')).to.not.contain('Unable to load schema');
  });
});
