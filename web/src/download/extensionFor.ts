/**
 * The extension for each content type the platform's files come in: exports and artifacts (CSV,
 * spreadsheets), reports (PDF), data (JSON, XML), logs (text), pictures and archives. A short table
 * rather than the whole IANA registry: a type not here leaves the name as given, which is what an
 * unknown type did anyway.
 */
const EXTENSIONS: Readonly<Record<string, string>> = {
  'text/csv': 'csv',
  'text/plain': 'txt',
  'application/json': 'json',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-excel': 'xls',
  'application/zip': 'zip',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/** The extension a content type calls for (parameters and case ignored), or undefined when it names none we know. */
export function extensionFor(contentType: string | null | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type ? EXTENSIONS[type] : undefined;
}
