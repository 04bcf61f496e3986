/**
 * The files a bundle may hold, by extension, and the type each is served with. An allow-list: a page
 * (.html) or anything else the browser might run as a document on this origin is refused at upload.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  map: 'application/json; charset=utf-8',
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  // Served under the page's policy (no inline script) and nosniff, like every answer of the service.
  svg: 'image/svg+xml',
};

/** The type a bundle file is served with; undefined for an extension bundles may not hold. */
export function contentTypeOf(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return undefined;
  return CONTENT_TYPES[path.slice(dot + 1).toLowerCase()];
}

/** The extensions allowed, for a problem's detail. */
export const ALLOWED_EXTENSIONS = Object.keys(CONTENT_TYPES);
