import type { Charity } from '@kindred/shared';
import { reviewListQueries } from '@/entities/account';

/** GET /admin/charity/pending/list?status=: charities by approval status. Their keys live here only. */
export const reviewQueries = reviewListQueries<Charity>('charity-review', '/admin/charity/pending/list');
