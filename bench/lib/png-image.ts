import { crc32, deflateSync } from 'node:zlib';
import { seededRandom } from '../../server/modules/search/seeded-random.js';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid RGB PNG of `width` × `height` of seeded noise over a gradient, which compresses about as
 * little as a photo: an editor image of realistic size (320 × 240 is about 230 KB).
 */
export function noisePng(width: number, height: number, seed = 1): Buffer {
  const random = seededRandom(seed);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    // Each row starts with its filter type, 0 (none).
    for (let x = 0; x < width; x++) {
      for (let channel = 0; channel < 3; channel++) {
        rows[row + 1 + x * 3 + channel] = ((x + y) * (channel + 1) + random() * 96) & 255;
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
