import { extensionFor } from './extensionFor.ts';

/**
 * The name a downloaded file is saved under: the given name, with the extension its content type
 * calls for (text/csv → .csv) when it has none. An unknown type keeps the name as given.
 */
export function fileNameFor(name: string, contentType: string | null | undefined): string {
  // A type that says nothing about the content (application/octet-stream) adds nothing to the name.
  const extension = extensionFor(contentType);
  if (!extension) return name;
  // A name that has an extension keeps it: the content type is the fallback, not the judge.
  if (/\.[A-Za-z0-9]{1,10}$/.test(name)) return name;
  return `${name.replace(/\.$/, '')}.${extension}`;
}
