# docs/deployment.md's rolling restart, proven: three processes of examples/behind-proxy.ts (on the
# build, dist/) behind Debian's haproxy with that page's configuration, 2,000 requests/s for 30 s
# on loopback, each process restarted in turn; zero failed requests, zero 5xx. DEPLOY_RATE,
# DEPLOY_SECONDS and DEPLOY_CONNECTIONS size the load (test/deploy/rolling-restart.deploy.ts).
need_apt haproxy || exit 1
[ -f dist/index.js ] || npm run --silent build || exit 1
npx mocha --no-config -r ts-node/register -r reflect-metadata --extension ts --timeout 300000 'test/deploy/*.deploy.ts'
