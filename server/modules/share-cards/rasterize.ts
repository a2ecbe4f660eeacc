import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { renderAsync } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
/** The cards' fonts ship with the site, so a card looks the same on every machine, whatever fonts it has. */
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) => path.join(fontDir, file));

/** PNGs kept in memory: a card is asked for by every share of a page, and drawing one takes ~100 ms of CPU. */
const KEPT_CARDS = 100;

/**
 * Draws SVG cards as PNG, each once while kept: resvg draws on libuv's thread pool (renderAsync),
 * not on the event loop, and requests for a card being drawn wait for that drawing.
 */
export function createCardRasterizer(limit = KEPT_CARDS) {
  const kept = new Map<string, Promise<Buffer>>();
  return {
    png(svg: string): Promise<Buffer> {
      const key = createHash('sha256').update(svg).digest('base64url');
      const known = kept.get(key);
      if (known) {
        kept.delete(key);
        kept.set(key, known);
        return known;
      }
      const drawing = renderAsync(svg, {
        font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: 'DejaVu Sans' },
      }).then((image) => image.asPng());
      kept.set(key, drawing);
      drawing.catch(() => kept.delete(key));
      while (kept.size > limit) kept.delete(kept.keys().next().value as string);
      return drawing;
    },
  };
}

export type CardRasterizer = ReturnType<typeof createCardRasterizer>;
