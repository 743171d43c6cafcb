import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface OrganisationSuggestion {
  id: number;
  name: string;
  logo: string | null;
}

/** GET /business/autocomplete?q= (public): approved organisations by name. */
export function searchOrganisations(q: string): Promise<{ items: OrganisationSuggestion[] }> {
  return api.get<{ items: OrganisationSuggestion[] }>('/business/autocomplete', {
    query: { q, limit: 10 },
    background: true,
  });
}

/** Suggestions for the text typed so far (two characters or more). */
export function useOrganisationSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['organisation-search', text] as const,
    queryFn: () => searchOrganisations(text),
    enabled: text.length >= 2,
    staleTime: 30_000,
  });
}
