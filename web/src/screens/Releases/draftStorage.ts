import type { ReleaseDraft } from './releaseDraft.ts';

const PREFIX = 'platform.releaseDraft';

/** Per user and base: two administrators on one browser, or one with drafts from two releases, keep theirs apart. */
export const draftKey = (sub: string, base: string) => `${PREFIX}:${sub}:${base}`;

function isDraft(value: unknown, base: string): value is ReleaseDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Partial<ReleaseDraft>;
  return (
    draft.base === base &&
    typeof draft.savedAt === 'string' &&
    !!draft.texts &&
    typeof draft.texts === 'object' &&
    Object.values(draft.texts).every((t) => typeof t === 'string')
  );
}

/** The draft kept for this user and base; undefined when there is none or what is kept is not one. */
export function loadDraft(sub: string, base: string, storage: Pick<Storage, 'getItem'> = localStorage): ReleaseDraft | undefined {
  try {
    const parsed = JSON.parse(storage.getItem(draftKey(sub, base)) ?? 'null') as unknown;
    // A hand edit or an older shape is dropped rather than half trusted.
    return isDraft(parsed, base) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the draft; false when the browser refuses (storage full or disabled), so the screen can say so. */
export function saveDraft(sub: string, draft: ReleaseDraft, storage: Pick<Storage, 'setItem'> = localStorage): boolean {
  try {
    storage.setItem(draftKey(sub, draft.base), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function discardDraft(sub: string, base: string, storage: Pick<Storage, 'removeItem'> = localStorage): void {
  storage.removeItem(draftKey(sub, base));
}
