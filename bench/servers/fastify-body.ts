import Fastify from 'fastify';
import { newUser, type NewUser } from '../shared/body';
import { announce } from './serve';

const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
app.post<{ Body: NewUser }>('/users', { schema: { body: newUser } }, async (request) => ({ created: request.body.name }));
void app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
  const address = app.server.address();
  announce(typeof address === 'object' && address ? address.port : 0);
});
