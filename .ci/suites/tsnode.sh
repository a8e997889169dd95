# The runner-options differential against ts-node 10.9.2 and TypeScript at full size:
# 1,000 generated projects for each of three seeds (npm test runs a 250-project subset).
TSNODE_PROJECTS=1000 TSNODE_SEEDS=1,2,3 npx mocha --no-config -r ts-node/register -r reflect-metadata --extension ts \
  test/runner-options/tsnode.differential.test.ts
