import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ShareLinks } from '@/components/ui/share-links';

export interface ShareGiftProps {
  /** The fundraising page the gift went through: linked back to, and the one shared. */
  fundraiser?: { id: number; title: string };
  /** Where the gift went, shared when it did not go through a page. */
  charity?: { id: number; name: string };
  project?: { id: number; title: string } | null;
  /** Closes the dialog the thank-you is in (the page's link leaves it). */
  onClose: () => void;
}

/**
 * A thank-you's ask to pass the gift on (docs/product/fundraising-pages.md#giving-through-a-page):
 * the fundraising page it counts toward, and share links to that page, or else to the project or
 * the charity given to.
 */
export function ShareGift({ fundraiser, charity, project, onClose }: ShareGiftProps) {
  const title = 'Ask your friends to give too';
  const invite = (name: string) => `I gave to ${name} on Kindred. Will you join me?`;
  if (fundraiser)
    return (
      <>
        <Text size="sm">
          {'It counts toward '}
          <Anchor component={Link} to={`/fundraisers/${fundraiser.id}`} onClick={onClose}>
            {fundraiser.title}
          </Anchor>
          .
        </Text>
        <ShareLinks
          title={title}
          url={`${window.location.origin}/fundraisers/${fundraiser.id}`}
          text={invite(fundraiser.title)}
        />
      </>
    );
  if (!charity) return null;
  return (
    <ShareLinks
      title={title}
      url={`${window.location.origin}${project ? `/projects/${project.id}` : `/charities/${charity.id}`}`}
      text={invite(project ? project.title : charity.name)}
    />
  );
}
