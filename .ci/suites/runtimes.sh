# The runtimes suite (test/runtimes/, docs/toolchains.md#waymarks-own-tests-on-bun-and-deno): the
# in-process tests that `npm test` runs, started by mocha on Bun (from source and compiled by tsc,
# as CommonJS) and on Deno (from source and compiled, as ES modules, and tsc's CommonJS as waymark
# publishes it: five cells), but for the files test/runtimes/cells.ts excludes, each with its
# reason. The Bun and Deno binaries come from their npm packages through the toolchain cache
# (.ci/toolchain-cache.sh), outside the clone. Prints each cell's counts, then mocha's summary lines.
node -r ts-node/register test/runtimes/run.ts
