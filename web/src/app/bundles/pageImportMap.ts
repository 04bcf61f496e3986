/** The `integrity` section of the page's import map: the sha384 of each script the page may import, by address. */
export type PageIntegrity = Readonly<Record<string, string>>;

let read: PageIntegrity | undefined;

/**
 * The integrity the service put in the page's `<script type="importmap">` when it served the page.
 * Read once: a page's import map cannot change after its first module loaded, so a release published
 * since is not in it (bundleReload.ts). No map, or one that does not parse, holds nothing.
 */
export function pageIntegrity(doc: Pick<Document, 'querySelector'> = document): PageIntegrity {
  if (read) return read;
  let integrity: PageIntegrity = {};
  try {
    const map = JSON.parse(doc.querySelector('script[type="importmap"]')?.textContent ?? '{}') as { integrity?: unknown };
    if (typeof map.integrity === 'object' && map.integrity !== null) integrity = map.integrity as PageIntegrity;
  } catch {
    // A map the browser could not parse either: nothing in it applies.
  }
  read = integrity;
  return integrity;
}
