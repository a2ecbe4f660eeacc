import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

const NUL = '\u0000';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes text holding NUL and deals with it itself, never storing or comparing it as it
     * is: search drops control characters from its terms; MCP tools answer a bad argument as a tool error.
     */
    acceptsNulText?: boolean;
  }
}

/**
 * Where text holding NUL sits in a request's parts (`body.categories.0`), keys included. Walked with
 * a stack rather than by recursion, so a body nested a million deep cannot overflow it.
 */
function nulFields(parts: Record<string, unknown>): string[] {
  const found = new Set<string>();
  const pending: [string, unknown][] = Object.entries(parts);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [path, value] = next;
    if (typeof value === 'string') {
      if (value.includes(NUL)) found.add(path);
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      for (const [key, member] of Object.entries(value)) {
        if (key.includes(NUL)) found.add(path);
        pending.push([`${path}.${key}`, member]);
      }
    }
  }
  return [...found];
}

/**
 * Text holding the NUL character (U+0000) is refused wherever a request carries it: PostgreSQL
 * cannot store or even compare it (the query fails), SQLite would keep it, and nobody types it.
 * It runs before validation and after each route's sign-in guard, so a visitor still gets 401 first;
 * a route that handles such text itself says so with `config.acceptsNulText`.
 */
export function registerNulTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.acceptsNulText) return;
    const fields = nulFields({ params: request.params, querystring: request.query, body: request.body });
    if (fields.length > 0) {
      throw badRequest(
        'Text may not contain the NUL character (U+0000).',
        Object.fromEntries(fields.map((field) => [field, ['contains a NUL character']])),
      );
    }
  });
}
