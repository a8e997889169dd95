import Fastify from 'fastify';
import { record, recordSchema } from '../shared/contract';
import { announce } from './serve';

/**
 * The contract rows' peer: Fastify returning the same 20-field record, with
 * `--schema` through its response schema (fast-json-stringify), without it
 * through `JSON.stringify`. Its own ratio shows what the serializer gains
 * through a whole framework that was built around it.
 */
const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
const schema = process.argv.includes('--schema') ? { schema: { response: { 200: recordSchema } } } : {};
// `--written`: the body's text made once and sent as it is, the ceiling of any serializer (as contract.ts --written).
const text = JSON.stringify(record);
if (process.argv.includes('--written')) app.get('/users/:id', async (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
else app.get('/users/:id', schema, async () => record);
void app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
  const address = app.server.address();
  announce(typeof address === 'object' && address ? address.port : 0);
});
