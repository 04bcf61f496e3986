import type { ReleaseFiles } from '@platform/schemas';

/** An unpublished edit of a release: every file as the editor holds it, valid or not. */
export interface ReleaseDraft {
  /** The release it started from: publishing expects it still to be the active one. */
  base: string;
  /** Every file of the set by name, as text: a half-typed edit survives a reload as typed. */
  texts: Record<string, string>;
  savedAt: string;
}

const PREFIX = 'platform.releaseDraft';

/** Per user and base: two administrators on one browser, or one with drafts from two releases, keep theirs apart. */
export const draftKey = (sub: string, base: string) => `${PREFIX}:${sub}:${base}`;

/** A file as the editor shows it, and as the service counts lines and columns in its problems. */
export const fileText = (content: unknown) => JSON.stringify(content, null, 2);

/** A fresh draft holding a release's files unchanged. */
export function draftFrom(base: string, files: ReleaseFiles, now = new Date()): ReleaseDraft {
  return { base, texts: Object.fromEntries(Object.keys(files).sort().map((name) => [name, fileText(files[name])])), savedAt: now.toISOString() };
}

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

/** The files whose content differs from the release's (whitespace and key order within a line do not count as a change). */
export function changedFiles(draft: ReleaseDraft, files: ReleaseFiles): string[] {
  const names = [...new Set([...Object.keys(draft.texts), ...Object.keys(files)])].sort();
  return names.filter((name) => {
    const text = draft.texts[name];
    if (text === undefined || !(name in files)) return true;
    try {
      return JSON.stringify(JSON.parse(text)) !== JSON.stringify(files[name]);
    } catch {
      return true;
    }
  });
}

const sameContent = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The draft moved onto another release (the one someone activated meanwhile): that release's files,
 * with this draft's own changes on top. A file both changed keeps the draft's version and is named,
 * so the administrator looks at it before publishing over the other change.
 */
export function rebasedDraft(draft: ReleaseDraft, baseFiles: ReleaseFiles, onto: { id: string; files: ReleaseFiles }, now = new Date()): { draft: ReleaseDraft; bothChanged: string[] } {
  const mine = changedFiles(draft, baseFiles);
  const theirs = new Set([...new Set([...Object.keys(baseFiles), ...Object.keys(onto.files)])].filter((name) => !sameContent(baseFiles[name], onto.files[name])));
  const rebased = draftFrom(onto.id, onto.files, now);
  for (const name of mine) {
    const text = draft.texts[name];
    if (text === undefined) delete rebased.texts[name];
    else rebased.texts[name] = text;
  }
  return { draft: rebased, bothChanged: mine.filter((name) => theirs.has(name)) };
}
