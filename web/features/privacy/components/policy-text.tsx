import type { ReactNode } from 'react';
import type { PolicyBlock } from '../sections.js';

/** Text with **bold** runs, as React nodes (never as HTML). */
export function withBold(text: string): ReactNode[] {
  return text.split(/\*\*(.+?)\*\*/g).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never move.
      <strong key={index} className="font-semibold text-slate-900">
        {part}
      </strong>
    ) : (
      part
    ),
  );
}

/** One section's body: paragraphs, sub-headings and lists. */
export function PolicyText({ blocks }: { blocks: readonly PolicyBlock[] }) {
  return (
    <div className="space-y-4 text-base leading-7 text-slate-700">
      {blocks.map((block, index) => {
        if (typeof block !== 'string') {
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a section are fixed text.
            <ul key={index} className="list-disc space-y-2 ps-6 marker:text-indigo-400">
              {block.map((item) => (
                <li key={item}>{withBold(item)}</li>
              ))}
            </ul>
          );
        }
        if (block.startsWith('### ')) {
          return (
            <h3 key={block} className="pt-2 text-lg font-semibold text-slate-900">
              {block.slice(4)}
            </h3>
          );
        }
        return <p key={block}>{withBold(block)}</p>;
      })}
    </div>
  );
}
