import { fileNameFor } from './fileNameFor.ts';

/** Hands a blob to the browser to save, under a name derived from the given one and the blob's type. */
export function saveBlob(blob: Blob, name: string): string {
  const fileName = fileNameFor(name, blob.type);
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName, rel: 'noopener' });
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return fileName;
}
