# check-config under TypeScript 5, 6 and 7, each verdict held against that TypeScript's own tsc, and
# the waymark binary (check-config, routes, openapi on a .js and a .ts app) in a project whose
# TypeScript is 7 (test/cli/typescripts.toolchains.test.ts). TypeScript 6 and 7 are installed once
# into the toolchain cache outside the clone (scripts/toolchain-cache.sh), never into node_modules,
# where their tsc would replace TypeScript 5's. Needs dist/: .ci/run builds it before the suites.
[ -e dist/cli/main.js ] || npm run --silent build
npx mocha --no-config -r ts-node/register -r reflect-metadata --extension ts --timeout 600000 test/cli/typescripts.toolchains.test.ts
