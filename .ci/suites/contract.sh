# waymark/testing on the sample app: checkContract under no versioning and the five schemes,
# every version, with the default number of runs and a fresh seed (docs/testing.md); the time
# it took is printed after the results.
npx mocha --no-config -r ts-node/register -r reflect-metadata --extension ts --timeout 300000 test/testing/sample-full.contract.ts
