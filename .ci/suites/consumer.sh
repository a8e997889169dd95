# A consumer project outside the repository (test/consumer/consumer.suite.ts): packs waymark,
# installs the tarball in an empty folder with docs/getting-started.md's install lines, compiles
# the `// src/...` files of that page and of docs/guards-and-injection.md and docs/contracts.md
# with a strict tsc against the published types, serves and tests them, and installs from a git
# URL (a local clone: only the npm registry is needed); clean-install.suite.ts: npm install of the
# tarball prints no deprecation and no engine warning on Node 20.19 to 26.
npx mocha --no-config -r ts-node/register --extension ts --timeout 900000 test/consumer/consumer.suite.ts test/consumer/git-install.suite.ts test/consumer/clean-install.suite.ts
