/**
 * The items of `sources`, each already in `compare`'s order, as one sequence in that order (a
 * k-way merge on a binary heap of the sources' next items): taking n items reads n + k of them.
 * Items that compare equal come in the order of their sources.
 */
export function* mergeSorted<T>(sources: Iterable<T>[], compare: (a: T, b: T) => number): Generator<T> {
  interface Head {
    item: T;
    source: number;
    rest: Iterator<T>;
  }
  const heap: Head[] = [];
  const before = (a: Head, b: Head) => {
    const c = compare(a.item, b.item);
    return c < 0 || (c === 0 && a.source < b.source);
  };
  const down = (from: number) => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let first = i;
      if (left < heap.length && before(heap[left]!, heap[first]!)) first = left;
      if (right < heap.length && before(heap[right]!, heap[first]!)) first = right;
      if (first === i) return;
      [heap[i], heap[first]] = [heap[first]!, heap[i]!];
      i = first;
    }
  };
  sources.forEach((source, i) => {
    const rest = source[Symbol.iterator]();
    const next = rest.next();
    if (!next.done) heap.push({ item: next.value, source: i, rest });
  });
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
  while (heap.length > 0) {
    const head = heap[0]!;
    yield head.item;
    const next = head.rest.next();
    if (next.done) {
      const last = heap.pop()!;
      if (heap.length === 0) return;
      heap[0] = last;
    } else head.item = next.value;
    down(0);
  }
}
