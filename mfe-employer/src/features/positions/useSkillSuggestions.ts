import { skillNameMaxLength, ZSkillSuggestionsAnswer } from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { employerKeys } from '../../shared/employer-keys';

/** The value once it has stayed the same for `delayMs`: one request a pause in typing, not one a key. */
function useSettled(value: string, delayMs: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export type SkillOption = { value: string; label: string };

/**
 * The skills vocabulary's suggestions for the skill being typed last in a comma-separated list
 * ("Kotlin, js" → JavaScript), as options of a native datalist. Each option's value is the whole
 * text with that last skill completed, so picking one keeps the skills before it; its label
 * starts with the text as typed, because browsers show only the options whose value or label
 * contains the field's text. Blank text asks nothing, and a failed request offers nothing (any
 * skill is still taken as typed).
 */
export function useSkillSuggestions(text: string): SkillOption[] {
  const api = useApi();
  const comma = text.lastIndexOf(',');
  const before = comma === -1 ? '' : `${text.slice(0, comma + 1).trim()} `;
  const typed = useSettled(
    text
      .slice(comma + 1)
      .trim()
      .toLowerCase(),
    150,
  );
  const wanted = typed.length > 0 && typed.length <= skillNameMaxLength;
  const { data } = useQuery({
    queryKey: employerKeys.skillSuggestions(typed),
    queryFn: ({ signal }) =>
      api('/employer/skill-suggestions', { query: { q: typed }, schema: ZSkillSuggestionsAnswer, signal }),
    enabled: wanted,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (!wanted || !data) return [];
  // one option a name: two skills may be shown by the same name
  const names = [...new Set(data.suggestions.map(({ name }) => name))];
  return names.map((name) => ({ value: `${before}${name}`, label: `${text.trim()} → ${name}` }));
}
