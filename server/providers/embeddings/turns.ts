/** A request waiting for the encoder: its texts, and how many went to a thread. */
export interface Waiting {
  texts: string[];
  sent: number;
}

/** A run of one request's texts in a call to the encoder. */
export interface Share<W extends Waiting> {
  request: W;
  start: number;
  count: number;
}

/**
 * The texts of the next call to the encoder, at most `size`: first one text of every waiting
 * request, in queue order, then more of each in order until the call is full. Concurrent searches
 * share one call (the encoder answers a batch of short texts several times faster than one by one),
 * and a long request never holds a short one back for more than one call. Marks the texts sent, and
 * leaves in the queue, at its end, the requests with texts still to send.
 */
export function takeTurn<W extends Waiting>(queue: W[], size: number): Share<W>[] {
  const counts = new Map<W, number>();
  let room = size;
  for (const request of queue) {
    if (room === 0) break;
    counts.set(request, 1);
    room -= 1;
  }
  for (const request of queue) {
    if (room === 0) break;
    const taken = counts.get(request) ?? 0;
    const more = Math.min(room, request.texts.length - request.sent - taken);
    counts.set(request, taken + more);
    room -= more;
  }
  const shares = [...counts].map(([request, count]) => ({ request, start: request.sent, count }));
  for (const share of shares) share.request.sent += share.count;
  const left = queue.filter((request) => request.sent < request.texts.length);
  const untouched = left.filter((request) => !counts.has(request));
  queue.splice(0, queue.length, ...untouched, ...left.filter((request) => counts.has(request)));
  return shares;
}
