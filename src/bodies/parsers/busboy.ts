import type { BusboyConfig, BusboyInstance } from '@fastify/busboy';

let loaded: ((config: BusboyConfig) => BusboyInstance) | undefined;

/** @fastify/busboy is required on the first multipart body, not at import: an app without uploads never loads it. */
export function busboy(config: BusboyConfig): BusboyInstance {
  loaded ??= require('@fastify/busboy') as (config: BusboyConfig) => BusboyInstance;
  return loaded(config);
}
