# The docs page of docsRoutes() (and the sample app's) in a real browser: Debian's chromium driven by playwright-core.
need_apt chromium || exit 1
npx mocha --no-config -r ts-node/register -r reflect-metadata --extension ts --timeout 120000 'test/browser/**/*.browser.ts'
