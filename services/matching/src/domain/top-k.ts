/**
 * The `size` first items of a stream in the order of `compare`, without sorting the stream: a
 * bounded max-heap holds the best `size` so far, the last of them on top, and an item better than
 * that last one takes its place. O(n log size) time and `size` items of memory, where a full sort
 * takes O(n log n) and n. `compare` must be a total order (ties broken) for the result to be the
 * same as sorting the whole stream and taking its start.
 */
export class TopK<T> {
  private readonly heap: T[] = [];

  constructor(
    private readonly size: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  /** Keeps the item if it is among the best `size` so far. */
  offer(item: T) {
    const { heap, size, compare } = this;
    if (size <= 0) return;
    if (heap.length < size) {
      heap.push(item);
      this.up(heap.length - 1);
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      this.down(0);
    }
  }

  /**
   * The last item kept once `size` are kept (an item must come before it to be kept), else
   * undefined: lets a caller skip building an item that would not be kept.
   */
  last(): T | undefined {
    return this.heap.length >= this.size ? this.heap[0] : undefined;
  }

  /** The kept items, best first. */
  sorted(): T[] {
    return [...this.heap].sort(this.compare);
  }

  /** The heap keeps its last item (by `compare`) at the top: a parent never comes before its children. */
  private up(at: number) {
    const { heap, compare } = this;
    const item = heap[at]!;
    while (at > 0) {
      const parent = (at - 1) >>> 1;
      if (compare(heap[parent]!, item) >= 0) break;
      heap[at] = heap[parent]!;
      at = parent;
    }
    heap[at] = item;
  }

  private down(at: number) {
    const { heap, compare } = this;
    const item = heap[at]!;
    const length = heap.length;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= length) break;
      if (child + 1 < length && compare(heap[child + 1]!, heap[child]!) > 0) child += 1;
      if (compare(heap[child]!, item) <= 0) break;
      heap[at] = heap[child]!;
      at = child;
    }
    heap[at] = item;
  }
}
