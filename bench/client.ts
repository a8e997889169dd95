import autocannon from 'autocannon';

/**
 * The load generator, in its own process so it never shares a core's time
 * with the runner: `node client.js '<json>'` with `{ url, connections,
 * duration, requests }` prints autocannon's result as JSON. Each connection
 * cycles through `requests` in order.
 */
const options = JSON.parse(process.argv[2]) as autocannon.Options;
autocannon({ ...options, timeout: 10 }, (error, result) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  process.stdout.write(JSON.stringify(result));
});
