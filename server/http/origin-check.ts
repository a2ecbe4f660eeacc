import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { AppError, errorBody } from '../errors.js';

/** Methods that change nothing, which any site may send. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FOREIGN_ORIGIN = { code: 'forbidden_origin', message: 'This request came from another site and was refused.' };

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
    return reply.status(403).send(errorBody(request, FOREIGN_ORIGIN.code, FOREIGN_ORIGIN.message));
  });
}

/**
 * A stricter check for an endpoint no page should drive, not even one reached under this server's
 * own host name: a DNS-rebinding page is served from the attacker's name resolved to this server,
 * so its Origin matches the Host it sends. Only the public URL's origin passes, or no Origin at all
 * (agents and other programs send none).
 */
export function publicOriginOnly(publicUrl: string): onRequestAsyncHookHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async (request) => {
    const { origin } = request.headers;
    if (origin !== undefined && origin !== publicOrigin) {
      throw new AppError(403, FOREIGN_ORIGIN.code, FOREIGN_ORIGIN.message);
    }
  };
}
