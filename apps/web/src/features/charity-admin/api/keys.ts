/** Query keys of the charity admin screens. */
export const charityKeys = {
  charity: (id: number) => ['charity', id] as const,
  members: (id: number) => ['charity', id, 'members'] as const,
  funds: (id: number) => ['charity', id, 'funds'] as const,
  projects: (id: number) => ['charity', id, 'projects'] as const,
  projectsByStatus: (id: number, status: number | 'expired') => ['charity', id, 'projects', status] as const,
  requests: (id: number) => ['charity', id, 'requests'] as const,
};

export const projectKeys = {
  project: (id: number) => ['project', id] as const,
  summary: (id: number) => ['project', id, 'summary'] as const,
  updates: (id: number) => ['project', id, 'updates'] as const,
  impact: (id: number) => ['project', id, 'impact'] as const,
  images: (id: number) => ['project', id, 'images'] as const,
  documents: (id: number) => ['project', id, 'documents'] as const,
  admins: (id: number) => ['project', id, 'admins'] as const,
};

export const adminCharityKeys = {
  all: ['admin', 'charities'] as const,
  list: (status: string) => ['admin', 'charities', status] as const,
};
