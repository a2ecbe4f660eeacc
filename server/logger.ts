import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

/** The process's one logger: the app logs requests with it, and services built before the app use it too. */
export function createLogger(level: string): FastifyBaseLogger {
  return pino({ level });
}
