import { createPinnedSampleApp } from './pinned';

// The module you run listens and exports nothing; examples/pinned.ts makes the app, for tests and
// tools to import (docs/getting-started.md#an-app-module-and-a-server-module).
//
//   node -r ts-node/register examples/pinned-server.ts
const port = Number(process.env.PORT ?? 3000);
const server = createPinnedSampleApp().listen(port, () => {
  const address = server.address();
  const base = `http://localhost:${typeof address === 'object' && address ? address.port : port}`;
  console.log(`pinned sample listening on ${base} (try curl -H 'X-Api-Key: k1' ${base}/users, then ${base}/.well-known/api-catalog)`);
});
