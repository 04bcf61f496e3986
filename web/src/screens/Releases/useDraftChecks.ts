import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDebounced } from '../../hooks/useDebounced.ts';
import { STAFF_ROLE } from '@platform/schemas';
import { previewManifest } from '../../api/admin.ts';
import { RELEASES_KEY } from '../../api/releaseKeys.ts';
import { refusedProblems } from '../../api/releaseProblems.ts';
import { draftProblems, serviceProblems, type FoundProblems, type Validators } from './draftProblems.ts';
import { draftFiles } from './releaseDraft.ts';
import type { DraftProblem } from './typedFile.ts';

/** How long typing must pause before the service is asked: its writes are rate-limited per user. */
const SERVICE_CHECK_DELAY_MS = 800;

const NONE: ReadonlySet<string> = new Set();

const flawedFiles = ({ kept, moreByFile }: FoundProblems): ReadonlySet<string> => new Set([...kept.map((p) => p.file), ...moreByFile.keys()]);

/** The schema checks, compiled at build time, fetched with the editor rather than with every screen. */
function useValidators(): Validators | undefined {
  return useQuery({ queryKey: ['manifestValidators'], queryFn: () => import('virtual:manifest-validators'), staleTime: Infinity, gcTime: Infinity }).data;
}

export interface DraftChecks {
  problems: DraftProblem[];
  /** Problems found past those listed (the browser and the service list the first PROBLEM_CAP). */
  more: number;
  /** Files in which the browser found problems, listed or only counted: their form waits until they are fixed. */
  flawedFiles: ReadonlySet<string>;
  /** Who found them, or 'pending' while the browser's or the service's check is under way. */
  state: 'pending' | 'browser' | 'service' | 'clean';
  /** The service could not be asked (offline, refused for another reason). */
  serviceError: Error | null;
}

/**
 * Every problem of a draft as it is typed. The browser checks each file's JSON and schema at once;
 * once those pass, the service checks the whole set (the rules across files: routes, names,
 * screens, the registry) through a preview of the draft, which it refuses with every problem.
 */
export function useDraftChecks(texts: Readonly<Record<string, string>>): DraftChecks {
  const validators = useValidators();
  const local = useMemo(() => (validators ? draftProblems(texts, validators) : undefined), [texts, validators]);
  const files = useMemo(() => (local && local.kept.length === 0 ? JSON.stringify(draftFiles(texts)) : undefined), [texts, local]);
  const settled = useDebounced(files, SERVICE_CHECK_DELAY_MS);
  const service = useQuery({
    queryKey: [...RELEASES_KEY, 'check', settled],
    enabled: settled !== undefined && settled === files,
    queryFn: async () => {
      try {
        await previewManifest({ claims: { role: STAFF_ROLE }, draft: { files: JSON.parse(settled!) as Record<string, unknown> } });
        return { problems: [], more: 0 };
      } catch (error) {
        const problems = refusedProblems(error);
        if (problems) return problems;
        throw error;
      }
    },
    staleTime: Infinity,
    gcTime: 30_000,
    retry: false,
  });

  if (!local) return { problems: [], more: 0, flawedFiles: NONE, state: 'pending', serviceError: null };
  if (local.kept.length) return { problems: local.kept, more: local.more, flawedFiles: flawedFiles(local), state: 'browser', serviceError: null };
  if (settled !== files || service.isFetching || !service.data)
    return { problems: [], more: 0, flawedFiles: NONE, state: 'pending', serviceError: service.error };
  const found = serviceProblems(service.data.problems, texts);
  return { problems: found, more: service.data.more, flawedFiles: NONE, state: found.length ? 'service' : 'clean', serviceError: null };
}
