import { z } from 'zod';
import type { ClientRoute } from '../../common/routes.js';
import { pathParamNames, type RegisteredRoute, routeKey } from '../../server/test/routes.js';

export const ROLES = ['visitor', 'reader', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null' | 'any';

/** A named input and the JSON type its schema gives it (the first one that is not null). */
export interface Field {
  name: string;
  type: FieldType;
}

export type ScanBody =
  | { kind: 'none' }
  | { kind: 'json'; fields: Field[] }
  | { kind: 'multipart' }
  | { kind: 'tool-call'; tool: string; fields: Field[] };

/** A route that takes input, and where each input goes. */
export interface ScanRoute {
  /** `GET /api/papers/:arxivId`, or `POST /api/mcp search_papers` for one tool of the MCP route. */
  key: string;
  method: string;
  /** Fastify's pattern, or a page's (`/ai-digest/*`): `:name` is one segment, `*` the rest. */
  url: string;
  pathParams: string[];
  query: string[];
  body: ScanBody;
  /** A page rendered from the route table of the web app, rather than a route of the server. */
  page: boolean;
}

/** A tool as the MCP route's `tools/list` describes it. */
export interface McpTool {
  name: string;
  inputSchema: { properties?: Record<string, unknown> };
}

/**
 * A route's name in labels and reports: its method and pattern, the wildcard written `{rest}`,
 * because the label travels in a header of sqlmap's request files, where `*` marks an injection point.
 */
export const scanKey = (method: string, url: string, suffix = '') =>
  `${method} ${url.replaceAll('*', '{rest}')}${suffix}`;

/** The route whose body is a JSON-RPC message its schema cannot describe: scanned one tool at a time. */
export const MCP_ROUTE = 'POST /api/mcp';

/** A JSON schema's type for a value, skipping `null` in unions (a nullable string is a string). */
export function jsonType(schema: unknown): FieldType {
  if (!schema || typeof schema !== 'object') return 'any';
  const { type, anyOf, oneOf } = schema as { type?: unknown; anyOf?: unknown[]; oneOf?: unknown[] };
  const types = [type].flat().filter((t): t is FieldType => typeof t === 'string' && t !== 'null');
  if (types[0]) return types[0];
  for (const member of [...(anyOf ?? []), ...(oneOf ?? [])]) {
    const memberType = jsonType(member);
    if (memberType !== 'any') return memberType;
  }
  return type === 'null' ? 'null' : 'any';
}

/** The fields of an object's JSON schema, in order. */
export function fieldsOf(jsonSchema: unknown): Field[] {
  const properties = (jsonSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return Object.entries(properties).map(([name, schema]) => ({ name, type: jsonType(schema) }));
}

/** The JSON schema of a zod schema as a client must send it; null when the route declares none. */
function inputJsonSchema(schema: unknown): unknown {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
}

const takesInput = (route: Omit<ScanRoute, 'key'>) =>
  route.pathParams.length > 0 || route.query.length > 0 || route.body.kind !== 'none';

/**
 * Every route the server registered that takes input (path parameters, a declared query, a body),
 * as the scanners should fill it. HEAD routes are left out: Fastify answers them with the GET
 * handler, which the GET route's scan already reaches. The MCP route becomes one route per tool.
 */
export function serverScanRoutes(routes: RegisteredRoute[], mcpTools: McpTool[]): ScanRoute[] {
  const scanned: ScanRoute[] = [];
  for (const route of routes) {
    if (route.method === 'HEAD') continue;
    const schema = route.options.schema ?? {};
    const common = {
      method: route.method,
      url: route.url,
      pathParams: pathParamNames(route.url),
      query: fieldsOf(inputJsonSchema(schema.querystring)).map((field) => field.name),
      page: false,
    };
    if (routeKey(route) === MCP_ROUTE) {
      for (const tool of mcpTools) {
        const fields = fieldsOf(tool.inputSchema);
        scanned.push({
          ...common,
          key: `${MCP_ROUTE} ${tool.name}`,
          body: { kind: 'tool-call', tool: tool.name, fields },
        });
      }
      continue;
    }
    const consumes = (schema as { consumes?: string[] }).consumes ?? [];
    const body: ScanBody = consumes.includes('multipart/form-data')
      ? { kind: 'multipart' }
      : schema.body
        ? { kind: 'json', fields: fieldsOf(inputJsonSchema(schema.body)) }
        : { kind: 'none' };
    const candidate = { ...common, body };
    if (takesInput(candidate)) scanned.push({ ...candidate, key: scanKey(route.method, route.url) });
  }
  return scanned;
}

/**
 * The web app's pages that take input: their path parameters, and for public pages (which the
 * server renders from the database) the query parameters the rendering reads. A private page is
 * answered with the app's shell whatever its address holds.
 */
export function pageScanRoutes(pages: readonly ClientRoute[], renderedParams: readonly string[]): ScanRoute[] {
  return pages
    .map((page) => ({
      key: scanKey('GET', page.path, ' (page)'),
      method: 'GET',
      url: page.path,
      pathParams: pathParamNames(page.path),
      query: page.access === 'public' ? [...renderedParams] : [],
      body: { kind: 'none' } as const,
      page: true,
    }))
    .filter(takesInput);
}
