import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '../common/errors.js';
import { isDatabaseUnavailable } from './db/errors.js';

/** An expected failure with a stable code; the one error handler turns it into the API's error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', 'Too many attempts. Please wait a moment and try again.', undefined, {
    'Retry-After': String(retryAfterSeconds),
  });

export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const badRequest = (message: string, fields?: Record<string, string[]>) =>
  new AppError(400, 'invalid_request', message, fields);

const CODES_BY_STATUS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

/** What a client is told when the database is unavailable, or something failed that it cannot fix. */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side.';

/** What a client is told to wait when the database is unavailable: about a restart's length. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const undecodablePaths = new WeakSet<IncomingMessage>();

/**
 * Fastify answers a path it cannot percent-decode (`/api/%zz`) or an over-long path parameter by
 * itself, before any hook: in its own shape and without the security headers. So such a path is
 * routed as literal text (its `%` escaped), and refused in the ordinary lifecycle by
 * registerErrorHandler's hook; path parameters may be as long as a URL, and the routes validate them.
 */
export const routingOptions = {
  rewriteUrl(request: IncomingMessage): string {
    const url = request.url ?? '/';
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    try {
      decodeURIComponent(path);
      return url;
    } catch {
      undecodablePaths.add(request);
      return path.replaceAll('%', '%25') + url.slice(path.length);
    }
  },
  routerOptions: { maxParamLength: 16_384 },
} satisfies FastifyServerOptions;

export function registerErrorHandler(app: FastifyInstance): void {
  // preParsing runs after every onRequest hook (the security headers), and before the body is read.
  app.addHook('preParsing', async (request) => {
    if (undecodablePaths.has(request.raw)) throw badRequest('The address has a malformed percent-encoding.');
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const key = [error.validationContext, path].filter(Boolean).join('.') || 'request';
        fields[key] = [...(fields[key] ?? []), issue.message ?? 'is invalid'];
      }
      const summary = Object.entries(fields)
        .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
        .join('; ');
      return reply.status(400).send(errorBody('invalid_request', `Invalid request: ${summary}`, fields));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody('unavailable', UNAVAILABLE_MESSAGE));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody('internal_error', INTERNAL_ERROR_MESSAGE));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(errorBody('internal_error', INTERNAL_ERROR_MESSAGE));
    }
    return reply.status(status).send(errorBody(CODES_BY_STATUS[status] ?? 'request_error', error.message));
  });
}

export function errorBody(error: string, message: string, fields?: Record<string, string[]>): ApiError {
  return fields ? { error, message, fields } : { error, message };
}
