'use strict';
// Runs ts-node 10.9.2 on each project listed in the JSON file argv[2] and prints one JSON line per
// project: what ts-node computed, or what it threw. Plain JavaScript, run with plain node, so
// nothing of the test process (ts-node/register, mocha) is in the way. "start <id>" comes first,
// so the parent can tell which project hung when it has to stop this process.
const { readFileSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');

for (const key of Object.keys(process.env)) if (key.startsWith('TS_NODE_')) delete process.env[key];
const tsNode = require('ts-node');
const tsNodeDir = dirname(require.resolve('ts-node/package.json'));
// ts-node's own resolution helper (not in its exports map), to name the transpiler it would load.
const { createProjectLocalResolveHelper, normalizeSlashes } = require(join(tsNodeDir, 'dist', 'util.js'));
const ts = require('typescript');

const targetNames = new Map();
for (const [name, value] of ts.targetOptionDeclaration.type) targetNames.set(value, name);

function run(project) {
  process.chdir(project.dir);
  const service = tsNode.create({ project: project.root });
  const { options, config } = service;
  const rootDir = config.options.rootDir;
  // ts-node's own rule (index.ts); an empty scopeDir is relative to the current directory.
  const scopeDir = resolve(options.scopeDir ?? rootDir ?? dirname(service.configFilePath));
  let transpiler = null;
  if (options.transpiler && service.transpileOnly) {
    const name = typeof options.transpiler === 'string' ? options.transpiler : options.transpiler[0];
    const base = options.optionBasePaths && options.optionBasePaths.transpiler;
    transpiler = createProjectLocalResolveHelper(base || dirname(service.configFilePath))(name, true);
  }
  return {
    options: JSON.parse(JSON.stringify(options, (key, value) => (value === undefined ? '<undefined>' : value))),
    transpileOnly: service.transpileOnly,
    shouldReplAwait: service.shouldReplAwait,
    compiler: service.compilerPath,
    transpiler,
    target: targetNames.get(config.options.target),
    scopeDir,
    ignored: project.probes.map((path) => service.ignored(path)),
    moduleTypes: project.probes.map((path) => {
      const found = service.moduleTypeClassifier.classifyModuleByModuleTypeOverrides(normalizeSlashes(path));
      return found ? found.moduleType : '<undefined>';
    }),
  };
}

/** TypeScript's own verdict on the project file (what tsc would say about it). */
function tscErrors(project) {
  try {
    const host = { ...ts.sys, readDirectory: () => [], onUnRecoverableConfigFileDiagnostic: () => undefined };
    const parsed = ts.getParsedCommandLineOfConfigFile(project.root, {}, host);
    return parsed ? parsed.errors.map((d) => d.code).filter((code) => ![6059, 18002, 18003].includes(code)) : ['unreadable'];
  } catch (error) {
    return [`threw ${error.constructor.name}`];
  }
}

const projects = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const project of projects) {
  process.stdout.write(`start ${project.id}\n`);
  let line;
  try {
    line = { id: project.id, ok: true, ...run(project), tsc: tscErrors(project) };
  } catch (error) {
    const message = String((error && (error.diagnosticText || error.message)) || error).slice(0, 400);
    line = { id: project.id, ok: false, error: `${error && error.constructor ? error.constructor.name : 'Error'}: ${message}`, codes: (error && error.diagnosticCodes) || [], tsc: tscErrors(project) };
  }
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
