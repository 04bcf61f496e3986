// The manifest release screens (staff only), in a chunk of their own: the dashboard's chunk is fetched
// for every signed-in user, these only when an administrator opens them. The draft editor's
// CodeMirror is a further chunk, fetched by the editor alone.
export { ReleasesScreen } from './Releases/ReleasesScreen.tsx';
export { ReleaseDraftScreen } from './Releases/ReleaseDraftScreen.tsx';
