/** The part of an infinite query that pages back through a newest-first list. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Loads the next, older page of a newest-first list; absent once there is none. */
export function OlderPages({ list, children }: { list: PagedList; children: string }) {
  if (!list.hasNextPage) return null;
  return (
    <button type="button" className="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
      {list.isFetchingNextPage ? 'Loading…' : children}
    </button>
  );
}
