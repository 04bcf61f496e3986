import type { ReleaseFiles } from '@platform/schemas';

/**
 * A draft: an administrator's unpublished edit of a release, every file as the editor holds it,
 * valid or not, kept in this browser until it is published or discarded. It is the one thing
 * "draft" means in the web app (the "view as user" claims are a form, `ClaimsForm`).
 */
export interface ReleaseDraft {
  /** The release it started from: publishing expects it still to be the active one. */
  base: string;
  /** Every file of the set by name, as text: a half-typed edit survives a reload as typed. */
  texts: Record<string, string>;
  savedAt: string;
}

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

/** The draft's files as JSON values, for the service and previews; undefined while any file is not JSON. */
export function draftFiles(texts: Readonly<Record<string, string>>): ReleaseFiles | undefined {
  const files: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(texts)) {
    try {
      files[name] = JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return files;
}
