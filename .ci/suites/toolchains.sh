# The toolchains suite (test/toolchains/toolchains.suite.ts, docs/toolchains.md): packs waymark once,
# then builds a fresh project from the tarball per toolchain (TypeScript 5.9/6/7, ESM, plain
# JavaScript, tsx, Vitest 3 and 4, esbuild --bundle, @swc-node/register, Node 22/24/26, Bun, Deno,
# the CLI under TypeScript 7) and runs the page's app and its test there. npm's cache and the
# Node, Bun and Deno binaries live in ${WAYMARK_TOOLCHAIN_CACHE:-$HOME/.cache/waymark-toolchains},
# outside the clone, so a second run downloads nothing (.ci/toolchain-cache.sh).
npx mocha --no-config -r ts-node/register --extension ts --timeout 900000 test/toolchains/toolchains.suite.ts
