/** The content codings the service sends prepared answers in, best first: the store keeps bundle files in them too. */
export const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];
