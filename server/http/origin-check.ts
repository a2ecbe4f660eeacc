import type { FastifyInstance } from 'fastify';
import { errorBody } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes state-changing requests from any site: a secret in the request (a one-click
     * unsubscribe token), not the browser's cookie, authorises it, so another site gains nothing.
     */
    acceptsCrossSite?: boolean;
  }
}

/**
 * CSRF defence: a state-changing request sent by a browser from another site carries that site's
 * Origin. It is allowed only from the public URL or from the host the request was sent to. Clients
 * that send no Origin (curl, server-to-server) are not browsers and cannot be driven by another site.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.acceptsCrossSite) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (origin === undefined && fetchSite !== 'cross-site') return;
    const ownOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin === publicOrigin || origin === ownOrigin) return;
    return reply
      .status(403)
      .send(errorBody('forbidden_origin', 'This request came from another site and was refused.'));
  });
}
