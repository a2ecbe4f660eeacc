import fc from 'fast-check';
import { hostileText } from './hostile-values.js';
import { TEST_IMAGES } from './images.js';
import { multipartPayload } from './route-fixtures.js';

export interface RawBody {
  payload?: string | Buffer;
  contentType?: string;
}

const PNG = TEST_IMAGES.png.bytes;
const BOUNDARY = 'fuzzboundary';

/** What a file part may hold: images, images cut short or disguised, and things that are no image at all. */
const fileContent = fc.constantFrom<Buffer | string>(
  PNG,
  TEST_IMAGES.gif.bytes,
  PNG.subarray(0, 12),
  Buffer.concat([PNG.subarray(0, 8), Buffer.from('<script>alert(1)</script>')]),
  Buffer.concat([TEST_IMAGES.gif.bytes, Buffer.from('<script>alert(1)</script>')]),
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  '<html><script>alert(1)</script></html>',
  '',
  '\u0000'.repeat(64),
  Buffer.alloc(6 * 1024 * 1024, 0x89),
);

const part = fc.record({
  field: fc.oneof({ weight: 3, arbitrary: fc.constant('image') }, { weight: 1, arbitrary: hostileText }),
  fileName: fc.option(
    fc.oneof(fc.constantFrom('a.png', '../../etc/passwd', 'a\u0000.png', 'x'.repeat(5_000), 'a"b.png'), hostileText),
    { nil: undefined },
  ),
  type: fc.option(fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', '%%'), {
    nil: undefined,
  }),
  content: fileContent,
});

/** Multipart bodies broken in their framing rather than in what they hold. */
const BROKEN_FRAMES: RawBody[] = [
  { payload: '', contentType: `multipart/form-data; boundary=${BOUNDARY}` },
  { payload: `--${BOUNDARY}\r\n`, contentType: `multipart/form-data; boundary=${BOUNDARY}` },
  {
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n${PNG.toString('latin1')}`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  },
  {
    payload: multipartPayload([{ field: 'image', fileName: 'a.png', content: PNG }]).payload,
    contentType: 'multipart/form-data',
  },
  {
    payload: multipartPayload([{ field: 'image', fileName: 'a.png', content: PNG }], 'one').payload,
    contentType: 'multipart/form-data; boundary=another',
  },
  {
    payload: `--${BOUNDARY}\r\nX-Nothing: 1\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  },
  {
    payload: `--${BOUNDARY}\r\n${'X-Header: 1\r\n'.repeat(200)}Content-Disposition: form-data; name="image"; filename="a"\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  },
  {
    payload: multipartPayload([{ field: 'image', fileName: 'a.png', content: PNG }], 'b'.repeat(200)).payload,
    contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`,
  },
  {
    payload: multipartPayload([{ field: 'image', fileName: 'a.png', content: PNG }], BOUNDARY).payload,
    contentType: `multipart/form-data; boundary="${BOUNDARY}"; charset=utf-8; boundary=other`,
  },
  { payload: PNG, contentType: 'image/png' },
  { payload: 'image=abc', contentType: 'application/x-www-form-urlencoded' },
];

/** Multipart bodies: well framed with hostile parts (several, or fields in place of files), or broken framing. */
export const hostileMultipart: fc.Arbitrary<RawBody> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.array(part, { minLength: 1, maxLength: 4 }).map((parts) => {
      const { payload, headers } = multipartPayload(parts);
      return { payload, contentType: headers['content-type'] };
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom(...BROKEN_FRAMES) },
);
