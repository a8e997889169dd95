import { closeGracefully } from '../src';
import { app, firstUserPath } from './app';

const port = Number(process.env.PORT ?? 3000);
const server = app.listen(port, () => {
  const address = server.address();
  const base = `http://localhost:${typeof address === 'object' && address ? address.port : port}`;
  const scheme = process.env.VERSIONING ? `, VERSIONING=${process.env.VERSIONING}` : '';
  console.log(`waymark sample listening on ${base} (try ${base}${firstUserPath(app)}${scheme})`);
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
