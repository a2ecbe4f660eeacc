import { describe, expect, it } from 'vitest';
import { takeTurn, type Waiting } from './turns.js';

const waiting = (name: string, count: number): Waiting & { name: string } => ({
  name,
  texts: Array.from({ length: count }, (_, i) => `${name}${i}`),
  sent: 0,
});

const texts = (shares: ReturnType<typeof takeTurn<Waiting & { name: string }>>) =>
  shares.flatMap(({ request, start, count }) => request.texts.slice(start, start + count));

describe('turns at the encoder', () => {
  it('fills a call with the first request, up to its size', () => {
    const long = waiting('a', 20);
    const queue = [long];
    expect(texts(takeTurn(queue, 8))).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']);
    expect(long.sent).toBe(8);
    expect(queue).toEqual([long]);
  });

  it('gives every waiting request a text in the next call, and the room left in queue order', () => {
    const long = waiting('a', 20);
    const query = waiting('q', 1);
    const other = waiting('b', 3);
    const queue = [long, query, other];
    expect(texts(takeTurn(queue, 8))).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'q0', 'b0']);
    // The query is wholly sent and leaves the queue; the rest go behind whoever did not get a turn.
    expect(queue.map((request) => request.name)).toEqual(['a', 'b']);
    expect(texts(takeTurn(queue, 8))).toEqual(['a6', 'a7', 'a8', 'a9', 'a10', 'a11', 'a12', 'b1']);
    expect(queue.map((request) => request.name)).toEqual(['a', 'b']);
  });

  it('batches many short requests into one call, and the rest into the next', () => {
    const queries = Array.from({ length: 10 }, (_, i) => waiting(`q${i}-`, 1));
    const queue = [...queries];
    expect(texts(takeTurn(queue, 8))).toHaveLength(8);
    expect(queue).toEqual(queries.slice(8));
    expect(texts(takeTurn(queue, 8))).toEqual(['q8-0', 'q9-0']);
    expect(queue).toEqual([]);
  });
});
