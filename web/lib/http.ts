/**
 * The fetch every API and blog-file request goes through. In the browser it is the global fetch; the
 * server renders pages with one that answers from the app itself, without a network round trip.
 */
let currentFetch: typeof fetch = (input, init) => fetch(input, init);

export const httpFetch: typeof fetch = (input, init) => currentFetch(input, init);

export function setHttpFetch(next: typeof fetch): void {
  currentFetch = next;
}
