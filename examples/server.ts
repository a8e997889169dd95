import 'reflect-metadata';
import { closeGracefully } from '../src';
import { app } from './app';

const port = Number(process.env.PORT ?? 3000);
const server = app.listen(port, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  // app.url() works outside a request, on the app's origin.
  console.log(`waymark sample listening on http://localhost:${actual} (try ${app.url('users-detail', { id: 1 })})`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`${signal}: finishing in-flight requests`);
    void closeGracefully(server).then(() => {
      console.log('closed');
      process.exit(0);
    });
  });
}
