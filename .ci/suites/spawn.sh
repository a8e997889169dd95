# The test files that start processes (the waymark binary, tsc, ts-node, the examples, a server
# under @opentelemetry/instrumentation-http) or compile whole programs with TypeScript: `npm test`
# leaves them out to stay under a minute.
npm run --silent test:spawn
