// jsdom lays nothing out, and its Range cannot measure text as CodeMirror asks it to; no layout is
// enough for tests of what the editor holds. Imported for this effect by the tests that show an editor.
Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();
