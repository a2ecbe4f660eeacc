import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type TrustedProxies, trustsPeer } from './client-address.js';

/** The header that names a request: taken from a trusted proxy, sent back on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy may pass on: nginx's $request_id (32 hex digits), a UUID, a load balancer's trace id. */
const PASSED_ON_ID = /^[\w.:;=+/@-]{1,128}$/;

/**
 * Fastify's request id options. Each request gets a random UUID, unique across processes and
 * restarts (Fastify's own ids restart at req-1 in every process), unless a trusted proxy (TRUST_PROXY)
 * sent an X-Request-Id, which is kept so that the proxy's log and ours name a request alike. Anyone
 * else's header is ignored: a client could otherwise give its requests the id of another's, and
 * muddle the log of a problem someone is tracing.
 */
export function requestIdOptions(trusted: TrustedProxies) {
  const isTrusted = trustsPeer(trusted);
  return {
    requestIdHeader: false as const,
    genReqId(request: IncomingMessage): string {
      const passedOn = request.headers[REQUEST_ID_HEADER];
      if (typeof passedOn === 'string' && PASSED_ON_ID.test(passedOn) && isTrusted(request.socket.remoteAddress)) {
        return passedOn;
      }
      return randomUUID();
    },
  };
}

/**
 * Sends the request id back on every answer, errors included, so that whoever reports a problem can
 * quote it. Register it first: an earlier onRequest hook may answer before it runs.
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
