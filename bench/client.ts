import autocannon from 'autocannon';

/**
 * The load generator, in its own process so it never shares a core's time
 * with the runner: `node client.js` reading `{ url, connections,
 * duration, requests }` as JSON on stdin (or `node client.js '<json>'`) prints autocannon's result as JSON. Each connection
 * cycles through `requests` in order.
 */
async function main(): Promise<void> {
  let text = process.argv[2];
  if (text === undefined) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    text = Buffer.concat(chunks).toString();
  }
  const options = JSON.parse(text) as autocannon.Options;
  autocannon({ ...options, timeout: 10 }, (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    process.stdout.write(JSON.stringify(result));
  });
}

void main();
