import type { ComponentProps, ReactNode } from 'react';
import type { PaperListItem as PaperCardData } from '../../../../common/papers.js';
import { HydratedApart } from '../../../components/layout/hydrated-apart.js';
import { useRevealLinkedCard } from '../use-reveal-linked-card.js';
import { PaperCard } from './paper-card.js';

/** Covers of the first row (three cards on desktop) load eagerly; they are above the fold. */
const EAGER_IMAGES = 3;

interface PaperGridProps<P extends PaperCardData> {
  papers: P[];
  /** Another page is loading: these cards are on their way out, dimmed and not to be clicked. */
  busy: boolean;
  onOpen: ComponentProps<typeof PaperCard>['onOpen'];
  /** The page's own buttons for a card (see PaperCard's actions). */
  actionsOf?: (paper: P) => ReactNode;
  /** The page's note on a card (see PaperCard's note). */
  noteOf?: (paper: P) => ReactNode;
}

export function PaperGrid<P extends PaperCardData>({ papers, busy, onOpen, actionsOf, noteOf }: PaperGridProps<P>) {
  useRevealLinkedCard(!busy);
  return (
    <ul
      aria-busy={busy}
      className={`grid grid-cols-1 gap-6 transition-opacity md:grid-cols-2 lg:grid-cols-3 ${busy ? 'pointer-events-none opacity-60' : ''}`}
    >
      {papers.map((paper, index) => (
        <li key={paper.arxivId}>
          <HydratedApart>
            <PaperCard
              paper={paper}
              eagerImage={index < EAGER_IMAGES}
              onOpen={onOpen}
              actions={actionsOf?.(paper)}
              note={noteOf?.(paper)}
            />
          </HydratedApart>
        </li>
      ))}
    </ul>
  );
}
