import { CHARITY_TYPES, formatDisplayDate, GIVING_TYPES, labelOf, type ProjectCard } from '@kindred/shared';
import { Anchor, Badge, Group, Text, type TitleOrder, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { CardCover } from '@/components/ui/picture';
import { formatDistance } from '../format';
import { ExploreCard } from './card-heading';
import { NeedsProgress } from './needs-progress';

export interface ProjectCardViewProps {
  project: ProjectCard;
  /** Heading level of the card's title (3 under a results heading). */
  headingOrder?: TitleOrder;
}

/** How wide a card shows: one column on phones, two on tablets, up to three or four on wide screens. */
export const CARD_SIZES = '(min-width: 75em) 400px, (min-width: 48em) 50vw, 100vw';

/**
 * A Live project in a list: its cover, title, charity, place, end date, what it needs and its
 * progress.
 */
export function ProjectCardView({ project, headingOrder = 3 }: ProjectCardViewProps) {
  const where = [project.city, formatDistance(project.distance_km)].filter(Boolean).join(' · ');
  const ends = formatDisplayDate(project.end_date);
  const types = project.charity_types
    .map((id) => labelOf(CHARITY_TYPES, id))
    .filter(Boolean)
    .join(', ');
  return (
    <ExploreCard
      testId="project-card"
      cover={project.cover ? <CardCover src={project.cover} sizes={CARD_SIZES} /> : null}
      logo={project.logo}
      name={project.title}
      to={`/projects/${project.id}`}
      headingOrder={headingOrder}
      subtitle={
        project.charity ? (
          <Text size="sm">
            by{' '}
            <Anchor component={Link} to={`/charities/${project.charity.id}`}>
              {project.charity.name}
            </Anchor>
          </Text>
        ) : null
      }
    >
      {where || ends ? (
        <Text size="sm" c="dimmed">
          {[where, ends ? `Ends ${ends}` : ''].filter(Boolean).join(' · ')}
        </Text>
      ) : null}
      {project.summary ? <Text size="sm">{project.summary}</Text> : null}
      {project.giving_kinds.length > 0 ? (
        <Group gap={6}>
          <VisuallyHidden>Needs:</VisuallyHidden>
          {project.giving_kinds.map((kind) => (
            <Badge key={kind} size="sm" color="indigo.9" variant="filled">
              {labelOf(GIVING_TYPES, kind) ?? 'Other'}
            </Badge>
          ))}
        </Group>
      ) : null}
      <NeedsProgress totals={project} />
      {types ? (
        <Text size="xs" c="dimmed">
          {types}
        </Text>
      ) : null}
    </ExploreCard>
  );
}
