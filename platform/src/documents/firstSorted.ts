/**
 * The first `k` of `items` in `compare`'s order, as a stable sort would give them (equal items in
 * their order in `items`): a heap of the `k` kept so far, so when `k` is a small share of the
 * items, each costs about one comparison instead of a sort's log n.
 */
export function firstSorted<T>(items: readonly T[], k: number, compare: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  // Positions of the kept items; the root is the one a later item would replace (the last kept).
  const heap: number[] = [];
  const later = (i: number, j: number) => {
    const c = compare(items[i]!, items[j]!);
    return c > 0 || (c === 0 && i > j);
  };
  const swap = (a: number, b: number) => {
    [heap[a], heap[b]] = [heap[b]!, heap[a]!];
  };
  for (let i = 0; i < items.length; i++) {
    if (heap.length < k) {
      heap.push(i);
      for (let at = heap.length - 1; at > 0; ) {
        const parent = (at - 1) >> 1;
        if (!later(heap[at]!, heap[parent]!)) break;
        swap(at, parent);
        at = parent;
      }
      continue;
    }
    if (!later(heap[0]!, i)) continue;
    heap[0] = i;
    for (let at = 0; ; ) {
      const left = 2 * at + 1;
      let last = at;
      if (left < k && later(heap[left]!, heap[last]!)) last = left;
      if (left + 1 < k && later(heap[left + 1]!, heap[last]!)) last = left + 1;
      if (last === at) break;
      swap(at, last);
      at = last;
    }
  }
  return heap.sort((i, j) => compare(items[i]!, items[j]!) || i - j).map((i) => items[i]!);
}
