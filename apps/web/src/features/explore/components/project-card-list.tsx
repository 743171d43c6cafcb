import type { ProjectCard } from '@kindred/shared';
import { Text, type TitleOrder } from '@mantine/core';
import { useMemo } from 'react';
import { useProjectList } from '../api/explore';
import { ProjectCardView } from './project-card';
import { Results } from './results';

export interface ProjectCardListProps {
  /** Only the Live projects of this charity. */
  charityId: number;
  headingOrder?: TitleOrder;
  empty?: string;
}

/** Cards of a charity's Live projects (GET /explore/project/list?charity_id=), with "Show more". */
export function ProjectCardList({
  charityId,
  headingOrder = 3,
  empty = 'There are no live projects right now.',
}: ProjectCardListProps) {
  const query = useMemo(() => ({ charity_id: charityId }), [charityId]);
  const list = useProjectList(query);
  return (
    <Results<ProjectCard>
      result={list}
      noun={['project', 'projects']}
      keyOf={(project) => project.id}
      render={(project) => <ProjectCardView project={project} headingOrder={headingOrder} />}
      empty={<Text data-testid="empty-state">{empty}</Text>}
      columns={{ base: 1, sm: 2 }}
    />
  );
}
