import Fastify from 'fastify';
import { announce } from './serve';

const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
app.get<{ Params: { id: string } }>('/users/:id', async (request) => ({ id: request.params.id }));
void app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
  const address = app.server.address();
  announce(typeof address === 'object' && address ? address.port : 0);
});
