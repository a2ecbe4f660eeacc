/**
 * Answers kept while a stamp stays the same: `readStamp` names the state they were made from (the
 * content version), and a new stamp drops every answer kept. At most `size` answers, the oldest
 * out first.
 */
export function createAnswerCache(readStamp: () => Promise<string>, size: number) {
  let answers = { stamp: '', values: new Map<string, unknown>() };

  /** The answer kept for `key`, or `make`'s answer, kept when `keep` says so (by default always). */
  return async function cached<T>(
    key: string,
    make: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    const stamp = await readStamp();
    if (answers.stamp !== stamp) answers = { stamp, values: new Map() };
    if (answers.values.has(key)) return answers.values.get(key) as T;
    const value = await make();
    // Kept only under the stamp it was made from: a change during make() started a new set.
    if (answers.stamp === stamp && keep(value)) {
      if (answers.values.size >= size) answers.values.delete(answers.values.keys().next().value as string);
      answers.values.set(key, value);
    }
    return value;
  };
}
