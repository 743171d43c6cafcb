import type { ProjectCard } from '@kindred/shared';
import { fixtureOf } from '@/testing/fixtures';

export const makeProjectCard = fixtureOf<ProjectCard>(() => ({
  id: 1,
  title: 'Clean-up of the river banks (Bristol)',
  summary: 'River Trust: clean-up of the river banks.',
  logo: null,
  cover: null,
  charity: { id: 1, name: 'River Trust', logo: null },
  donors_count: 4,
  city: 'Bristol',
  latitude: 51.4352,
  longitude: -2.6066,
  end_date: '2030-02-15',
  charity_types: [10, 5],
  giving_kinds: [2, 3],
  funds_target: 1_000_000,
  funds_raised: 300_000,
  volunteering_hours: 40,
  volunteering_pledged: 13,
  skilled_hours: 0,
  skilled_pledged: 0,
  gifts_needed: 0,
  gifts_pledged: 0,
  distance_km: null,
}));
