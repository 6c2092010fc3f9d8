import { skillNameMaxLength, ZSkillSuggestionsAnswer } from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { jobSeekerKeys } from '../../shared/job-seeker-keys';

/** The text once typing has paused for `delayMs`: one request a pause, not one a key. */
function usePaused(text: string, delayMs: number) {
  const [paused, setPaused] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return paused;
}

/**
 * The skills vocabulary's suggestions for what the job seeker is typing in a skill row ("js" →
 * JavaScript): the names to offer, the last ones kept while the next arrive. Nothing is asked for
 * blank text, and a failed request offers nothing (the row still takes any name).
 */
export function useSkillSuggestions(text: string): readonly { name: string; matched: string }[] {
  const api = useApi();
  const typed = usePaused(text.trim().toLowerCase(), 150);
  const wanted = typed.length > 0 && typed.length <= skillNameMaxLength;
  const { data } = useQuery({
    queryKey: [...jobSeekerKeys.all, 'skill-suggestions', typed],
    queryFn: ({ signal }) =>
      api(`/job-seeker/skill-suggestions?${new URLSearchParams({ q: typed })}`, {
        schema: ZSkillSuggestionsAnswer,
        signal,
      }),
    enabled: wanted,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (!wanted || !data) return [];
  // one option a name: two skills may be shown by the same name
  return [...new Map(data.suggestions.map(({ name, matched }) => [name, { name, matched }])).values()];
}
