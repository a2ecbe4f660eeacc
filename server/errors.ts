import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '../common/errors.js';

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

export function registerErrorHandler(app: FastifyInstance): void {
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
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
    }
    return reply.status(status).send(errorBody(CODES_BY_STATUS[status] ?? 'request_error', error.message));
  });
}

export function errorBody(error: string, message: string, fields?: Record<string, string[]>): ApiError {
  return fields ? { error, message, fields } : { error, message };
}
