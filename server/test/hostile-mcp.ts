import fc from 'fast-check';
import { hostileJson, hostileText, JsonObject, type JsonValue } from './hostile-values.js';
import type { RouteFixtures } from './route-fixtures.js';

const TOOLS = ['search_papers', 'get_paper', 'recent_papers', 'related_papers'];
const METHODS = ['initialize', 'tools/list', 'tools/call', 'ping', 'notifications/initialized', 'resources/list'];

/**
 * JSON-RPC messages an agent might send the MCP endpoint: a sound envelope whose tool arguments are
 * real or hostile, so the tools themselves meet the values, and envelopes broken in every part.
 */
export function hostileMcpMessage(f: RouteFixtures): fc.Arbitrary<JsonValue> {
  const arxivIds = [...f.papers.map((paper) => paper.arxivId), f.oldStylePapers[0] ?? ''];
  const argument = (real: fc.Arbitrary<JsonValue>) =>
    fc.oneof(
      { weight: 2, arbitrary: real },
      { weight: 2, arbitrary: hostileText },
      { weight: 1, arbitrary: hostileJson(1) },
    );
  const toolArguments = fc
    .record(
      {
        query: argument(fc.constantFrom('language model agents', arxivIds[0] ?? '')),
        top_k: argument(fc.integer({ min: 1, max: 50 })),
        arxiv_id_or_url: argument(fc.constantFrom(...arxivIds, `https://arxiv.org/abs/${arxivIds[0]}`)),
        category: argument(fc.constantFrom(...f.categories)),
        limit: argument(fc.integer({ min: 1, max: 20 })),
      },
      { requiredKeys: [] },
    )
    .map((args) => new JsonObject(Object.entries(args)));
  const envelope = (method: fc.Arbitrary<JsonValue>, params: fc.Arbitrary<JsonValue>) =>
    fc
      .tuple(fc.oneof({ weight: 4, arbitrary: fc.nat() }, { weight: 1, arbitrary: hostileJson(1) }), method, params)
      .map(
        ([id, name, values]) =>
          new JsonObject([
            ['jsonrpc', '2.0'],
            ['id', id],
            ['method', name],
            ['params', values],
          ]),
      );
  const toolCall = envelope(
    fc.constant('tools/call'),
    fc
      .tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...TOOLS) }, { weight: 1, arbitrary: hostileText }),
        toolArguments,
      )
      .map(
        ([name, args]) =>
          new JsonObject([
            ['name', name],
            ['arguments', args],
          ]),
      ),
  );
  const anyMethod = envelope(
    fc.oneof(fc.constantFrom(...METHODS), hostileText),
    fc.oneof(
      hostileJson(2),
      fc.oneof(fc.constant('2025-06-18'), hostileText).map(
        (version) =>
          new JsonObject([
            ['protocolVersion', version],
            ['capabilities', new JsonObject([])],
            [
              'clientInfo',
              new JsonObject([
                ['name', 'fuzz'],
                ['version', '1'],
              ]),
            ],
          ]),
      ),
    ),
  );
  return fc.oneof(
    { weight: 6, arbitrary: toolCall },
    { weight: 2, arbitrary: anyMethod },
    { weight: 1, arbitrary: fc.array(fc.oneof(toolCall, anyMethod), { maxLength: 3 }) },
  );
}
