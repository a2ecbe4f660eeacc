import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type DestinationStream, pino } from 'pino';

/** Query parameters whose values are secrets: verification and reset tokens, one-time codes. */
const SECRET_PARAM = /token|code|secret|password/i;

/** The URL with the values of secret query parameters replaced, so that logs never hold a live link. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = url
    .slice(queryStart + 1)
    .split('&')
    .map((param) => {
      const name = param.split('=', 1)[0] ?? '';
      return SECRET_PARAM.test(safeDecode(name)) ? `${name}=[redacted]` : param;
    });
  return `${url.slice(0, queryStart)}?${params.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** Fastify's request serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The process's one logger: the app logs requests with it, and services built before the app use it
 * too. `destination` defaults to standard output; tests pass their own to read what is logged.
 */
export function createLogger(level: string, destination?: DestinationStream): FastifyBaseLogger {
  return pino({ level, serializers: { req: serializeRequest } }, destination);
}
