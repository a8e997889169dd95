'use strict';
// `npm run test:spawn`: the test files that start processes (the waymark binary, tsc, ts-node,
// the examples, an instrumented server) or compile whole programs with TypeScript
// (typegen/names), which `npm test` leaves out to stay under a minute. They are
// .mocharc.json's `ignore` list (name a new one `*.spawn.test.ts`); CI runs both (.ci/suites/spawn.sh).
// A `*.toolchains.test.ts` is left out too: it installs toolchains into a cache and has a suite of its own
// (.ci/suites/typescripts.sh).
const { ignore, ...base } = require('../.mocharc.json');

module.exports = { ...base, spec: ignore.filter((file) => !file.endsWith('.toolchains.test.ts')), timeout: 60000 };
