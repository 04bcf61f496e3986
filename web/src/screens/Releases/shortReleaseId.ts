/** The first characters of a release id: enough to tell the releases of a list apart, as Git's short hashes do. */
export const shortReleaseId = (id: string) => id.slice(0, 8);
