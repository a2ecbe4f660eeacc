import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { paperCardId } from './navigation-state.js';

const CARD_FRAGMENT = `#${paperCardId('')}`;

/**
 * Brings the card the address's fragment names (#paper-{arxivId}, the way back from a paper) into
 * view once the cards are `shown`, and puts the focus on its Read More link, so a keyboard reader
 * carries on from the card they opened. Once per arrival: paging later leaves the scroll alone.
 */
export function useRevealLinkedCard(shown: boolean): void {
  const { hash, key } = useLocation();
  const revealedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!shown || !hash.startsWith(CARD_FRAGMENT) || revealedFor.current === key) return;
    const card = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!card) return;
    revealedFor.current = key;
    card.scrollIntoView({ block: 'center' });
    // Read More, marked as such: a card may link to another paper too (For you's note).
    card.querySelector<HTMLElement>('a[data-read-more]')?.focus({ preventScroll: true });
  });
}
