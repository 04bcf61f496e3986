import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * The scroller every wide table sits in (decision 0073), its scrollbar and edge shadows drawn by
 * `.table-scroll`. While its table is wider than it, it is a region named "`label`, scrolls sideways"
 * and a Tab stop, so a keyboard user can scroll it with the arrow keys; a table that fits adds no stop.
 * Give the table the class `card-table` and each cell a `data-label` (its column's name) to show the
 * rows as cards below 767 px instead.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(ref);
  const scroller = overflowing ? { role: 'region', 'aria-label': `${label}, scrolls sideways`, tabIndex: 0 } : {};
  return (
    <div ref={ref} className="table-scroll" {...scroller}>
      {children}
    </div>
  );
}

/** Whether an element's content is wider than its box, kept up to date as either changes size. */
function useOverflowing(ref: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  // Measured before the first paint, so the Tab stop is there as soon as the table shows.
  useLayoutEffect(() => {
    const element = ref.current;
    // No layout to observe (jsdom): nothing scrolls there.
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}
