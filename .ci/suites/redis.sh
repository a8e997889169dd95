# Version pins shared by two app processes through a real Redis (Debian's redis-server, started by the test itself).
need_apt redis-server || return 1
npx mocha --no-config -r ts-node/register -r reflect-metadata --extension ts --timeout 120000 test/pinning/redis.suite.ts
