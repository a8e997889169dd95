import 'reflect-metadata';
import { createApp } from '../src';
import { UsersController } from './users';

/** The sample app: `waymark routes examples/app.ts` lists its routes. */
export const app = createApp({
  routes: [UsersController],
  origin: process.env.ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`,
});

export default app;
