import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';

export interface DocumentedResponse {
  description: string;
  content?: Record<string, { schema: Record<string, unknown> }>;
}

export interface DocumentedOperation {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; description?: string }[];
  responses: Record<string, DocumentedResponse>;
}

export interface ApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, DocumentedOperation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

/** The OpenAPI document the app publishes. */
export async function fetchApiDocument(app: FastifyInstance): Promise<ApiDocument> {
  const response = await app.inject('/api/docs/json');
  expect(response.statusCode).toBe(200);
  return response.json() as ApiDocument;
}

/**
 * The JSON schema the document declares for `status` answers of `GET path`, as a zod schema that
 * checks answers against it (the document's named schemas become the JSON schema's `$defs`).
 */
export function documentedJsonSchema(document: ApiDocument, path: string, status: string): z.ZodType {
  const schema = document.paths[path]?.get?.responses[status]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`The document declares no JSON answer ${status} for GET ${path}`);
  const standalone = JSON.stringify({ ...schema, $defs: document.components.schemas });
  return z.fromJSONSchema(JSON.parse(standalone.replaceAll('"#/components/schemas/', '"#/$defs/')));
}
