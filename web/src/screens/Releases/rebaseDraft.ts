import type { ReleaseFiles } from '@platform/schemas';
import { mergeJson } from './mergeJson.ts';
import { changedFiles, draftFrom, fileText, type ReleaseDraft } from './releaseDraft.ts';

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
