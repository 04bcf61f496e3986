import type { ReleaseFiles } from '@platform/schemas';
import { mergeJson } from './mergeJson.ts';

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
  return {
    base,
    texts: Object.fromEntries(
      Object.keys(files)
        .sort()
        .map((name) => [name, fileText(files[name])]),
    ),
    savedAt: now.toISOString(),
  };
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
 * The draft moved onto another release (the one someone activated meanwhile): that release's files
 * with this draft's own changes merged in, key by key. Where both changed the same value the draft's
 * is kept and named (`file#pointer`), so the administrator looks at it before publishing over it.
 */
export function rebasedDraft(
  draft: ReleaseDraft,
  baseFiles: ReleaseFiles,
  onto: { id: string; files: ReleaseFiles },
  now = new Date(),
): { draft: ReleaseDraft; bothChanged: string[] } {
  const rebased = draftFrom(onto.id, onto.files, now);
  const bothChanged: string[] = [];
  for (const name of changedFiles(draft, baseFiles)) {
    const text = draft.texts[name];
    if (text === undefined) {
      delete rebased.texts[name];
      continue;
    }
    if (sameContent(baseFiles[name], onto.files[name])) {
      rebased.texts[name] = text;
      continue;
    }
    let mine: unknown;
    try {
      mine = JSON.parse(text);
    } catch {
      // Half-typed: nothing to merge key by key; the text is kept as typed.
      rebased.texts[name] = text;
      bothChanged.push(name);
      continue;
    }
    const conflicts: string[] = [];
    rebased.texts[name] = fileText(mergeJson(baseFiles[name], mine, onto.files[name], conflicts));
    bothChanged.push(...conflicts.map((pointer) => `${name}#${pointer}`));
  }
  return { draft: rebased, bothChanged };
}
