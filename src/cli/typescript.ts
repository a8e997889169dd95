import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname } from 'node:path';

const TYPESCRIPT = new Set(['.ts', '.cts', '.mts', '.tsx']);
const FIX = 'npm install --save-dev ts-node typescript@5 (or compile the module and pass the .js file)';

/**
 * Makes `require(file)` work for a TypeScript module by registering the ts-node
 * of the module's own project, unless a loader for its extension is registered
 * already (a checkout, `node -r ts-node/register`). ts-node 10 calls the
 * compiler API that TypeScript 7 (the native compiler) no longer has, so a
 * missing ts-node or TypeScript, or TypeScript 7 or later, is an error that
 * says what to install, instead of ts-node's `Unexpected token ':'`.
 * `typeCheck: false` registers it without type-checking, for a command whose
 * output the module's types depend on (`waymark types`).
 */
export function prepareTypeScript(file: string, loaders: object = require.extensions, { typeCheck = true }: { typeCheck?: boolean } = {}): void {
  const extension = extname(file);
  if (!TYPESCRIPT.has(extension) || Object.hasOwn(loaders, extension)) return;
  const project = createRequire(file);
  const typescript = resolveFrom(project, 'typescript/package.json');
  const tsNode = resolveFrom(project, 'ts-node');
  const missing = [tsNode ? null : 'ts-node', typescript ? null : 'typescript'].filter(Boolean);
  if (missing.length > 0 || !typescript || !tsNode) {
    throw new Error(`${file} is TypeScript; loading it needs ${missing.join(' and ')} in your project: ${FIX}.`);
  }
  const { version } = JSON.parse(readFileSync(typescript, 'utf8')) as { version: string };
  if (Number(version.split('.')[0]) >= 7) {
    throw new Error(`${file} is TypeScript, and your project has typescript ${version}; ts-node, which loads it, needs TypeScript 5 or 6: ${FIX}.`);
  }
  (project(tsNode) as { register(options: object): void }).register({ projectSearchDir: dirname(file), ...(typeCheck ? {} : { transpileOnly: true }) });
}

function resolveFrom(project: NodeRequire, request: string): string | null {
  try {
    return project.resolve(request);
  } catch {
    return null;
  }
}
