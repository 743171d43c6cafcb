import type { QueryClient } from '@tanstack/react-query';
import { donationQueries } from '@/entities/donation';
import { fundraiserQueries } from '@/entities/fundraiser';
import { projectQueries } from '@/entities/project';
import type { GuestGiveTarget } from './target';

/**
 * A guest's gift moved the project's progress and the lists of gifts (and, through a fundraising
 * page, the page and its lists): they are read again.
 */
export function refreshAfterGuestGift(queryClient: QueryClient, target: GuestGiveTarget) {
  void queryClient.invalidateQueries({ queryKey: donationQueries.all });
  if (target.fundraiser) void queryClient.invalidateQueries({ queryKey: fundraiserQueries.all });
  if (target.kind === 'project') {
    void queryClient.invalidateQueries({ queryKey: projectQueries.all(target.project.id) });
  }
}
