import fc from 'fast-check';

/** JSON text written as it is: numbers JavaScript cannot hold (2^53+1, 1e309, -0) and broken fragments. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A JSON object as a list of members, so a body can hold `__proto__` as a key, or a key twice. */
export class JsonObject {
  constructor(readonly members: [string, JsonValue][]) {}
}

export type JsonValue = string | number | boolean | null | RawJson | JsonObject | JsonValue[];

/** The JSON text of a value, raw parts as they are. */
export function jsonText(value: JsonValue): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonObject) {
    return `{${value.members.map(([key, member]) => `${JSON.stringify(key)}:${jsonText(member)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  return JSON.stringify(value);
}

const LONG = 'a'.repeat(70_000);

/** Texts that have broken parsers, queries, file paths and renderers elsewhere. */
export const HOSTILE_TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  '\u200f\u200e\u200b\u2060\ufeff',
  'مرحبا بالعالم',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '\ud800',
  'a\udfffb',
  '\u{10ffff}',
  '\r\n\t\u0085\u2028\u2029',
  '\u001b[31m\u0007\u0008',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "'); SELECT pg_sleep(1); --",
  '"',
  "'",
  '*',
  'NEAR(',
  'NEAR(a b, 2)',
  'title:agents AND OR NOT',
  '"unterminated phrase',
  '(a OR',
  '-',
  '^',
  'a:b:c',
  '\\',
  '%',
  '_%_',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '..%2f..%2f',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  // A template placeholder (written in two parts, or it would look like a mistake here).
  `$${'{7*7}'}{{7*7}}<%= 7*7 %>`,
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '0x1F',
  '1.5',
  '+1',
  '01',
  ' 7 ',
  '٧',
  '1'.repeat(400),
  'a'.repeat(301),
  LONG,
  '😀'.repeat(2_000),
];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...HOSTILE_TEXTS.slice(0, 30)), fc.string({ maxLength: 10 }))
      .map(([a, b]) => a + b),
  },
);

/** Numbers at the edges: of 32-bit and 53-bit integers, of doubles, and not integers at all. */
const hostileNumber: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom<JsonValue>(0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, Number.MAX_VALUE),
  fc.constantFrom(
    ...['9007199254740993', '-0', '1e309', '-1e309', '1e-400', '1E2', '123456789012345678901234567890'].map(
      (text) => new RawJson(text),
    ),
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value of any JSON type, nested at most `depth` deep, often not of the type a field wants. */
export function hostileJson(depth = 2): fc.Arbitrary<JsonValue> {
  const leaf: fc.Arbitrary<JsonValue> = fc.oneof(
    { weight: 4, arbitrary: hostileText },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom<JsonValue>(true, false, null) },
  );
  if (depth === 0) return leaf;
  const inner = hostileJson(depth - 1);
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(inner, { maxLength: 4 }) },
    { weight: 1, arbitrary: hostileObject(inner) },
    { weight: 1, arbitrary: fc.constantFrom<JsonValue>([], new JsonObject([]), deeplyNested(5_000)) },
  );
}

/** Keys that pollute prototypes or shadow what every object has. */
const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', '', '\u0000', 'a.b', 'a[b]'),
  fc.string({ maxLength: 8 }),
);

export function hostileObject(values: fc.Arbitrary<JsonValue>): fc.Arbitrary<JsonObject> {
  return fc.array(fc.tuple(hostileKey, values), { maxLength: 4 }).map((members) => new JsonObject(members));
}

/** `[[[…]]]` `depth` deep: written as text, since a parser, not the generator, should meet the depth. */
export function deeplyNested(depth: number): RawJson {
  return new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
}

/** Bodies that are not JSON, or not whole, sent as JSON. */
export const MALFORMED_JSON = [
  '',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}garbage',
  '{a:1}',
  "{'a':1}",
  '{"a":1,}',
  '\ufeff{}',
  '\u0000',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`,
];

/** Content types a JSON route does not take, and broken forms of the one it does. */
export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  'image/png',
  ';;;',
  'application/json, text/plain',
  '*/*',
];
