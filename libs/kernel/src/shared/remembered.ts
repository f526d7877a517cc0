/**
 * A pure function of a string with its answers remembered, at most `limit` of them (all are
 * forgotten at once when full: the inputs are a small vocabulary, and a burst of new ones must
 * not grow the map without bound).
 */
export function remembered<T>(limit: number, compute: (key: string) => T): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    if (answers.has(key)) return answers.get(key) as T;
    const answer = compute(key);
    if (answers.size >= limit) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}
