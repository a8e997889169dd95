import autocannon from 'autocannon';

/**
 * The load generator, in its own process so it never shares a core's time
 * with the runner: `node client.js` reading `{ url, connections,
 * duration, requests }` as JSON on stdin (or `node client.js '<json>'`) prints autocannon's result as JSON. Each connection
 * cycles through `requests` in order. Forked with an IPC channel, it stays
 * up and runs one load per message, answering each with its result (what
 * `npm run bench` does, so a run of ~100 rows x 10 rounds starts one client).
 */
function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon({ ...options, timeout: 10 }, (error, result) => (error ? reject(error) : resolve(result))));
}

async function main(): Promise<void> {
  if (process.send !== undefined) {
    process.on('message', (options: autocannon.Options) => {
      run(options).then(
        (result) => process.send?.({ result }),
        (error: Error) => process.send?.({ error: error.message }),
      );
    });
    process.on('disconnect', () => process.exit(0));
    return;
  }
  let text = process.argv[2];
  if (text === undefined) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    text = Buffer.concat(chunks).toString();
  }
  try {
    process.stdout.write(JSON.stringify(await run(JSON.parse(text) as autocannon.Options)));
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}

void main();
