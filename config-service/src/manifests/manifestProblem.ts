/** One thing wrong with a manifest: where (file and JSON pointer), which rule, and what to do. */
export interface ManifestProblem {
  file: string;
  pointer: string;
  rule: string;
  message: string;
}

/** Raised when the manifest set cannot be served; carries every problem found, not just the first. */
export class ManifestSetError extends Error {
  readonly code = 'CFG_ERR_MANIFEST_INVALID';
  constructor(readonly problems: ManifestProblem[]) {
    super(`route manifests are invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'ManifestSetError';
  }
}

export function formatProblem(p: ManifestProblem): string {
  return `  ${p.file}${p.pointer ? `#${p.pointer}` : ''} [${p.rule}] ${p.message}`;
}
