/** Keeps the newest `capacity` items, newest first; older ones fall off. */
export class RecentList<T> {
  #items: T[] = [];
  constructor(readonly capacity: number) {}

  add(item: T): void {
    this.#items.unshift(item);
    if (this.#items.length > this.capacity) this.#items.length = this.capacity;
  }

  newestFirst(): T[] {
    return [...this.#items];
  }
}
