import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';

export interface ShareLinksProps {
  /** The page to share, absolute ('https://…/projects/3'). */
  url: string;
  /** What the message says before the link: 'I gave to Clean-up of the river banks'. */
  text: string;
  /** The line above the links. */
  title?: string;
}

/**
 * Ways to pass a page on: copy its link, or open a message by mail, WhatsApp, X or LinkedIn with it.
 * Each is a plain link to the service's own share page, so nothing of theirs loads here.
 */
export function ShareLinks({ url, text, title = 'Share it' }: ShareLinksProps) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const message = `${text} ${url}`;
  const links = [
    {
      label: 'Mail',
      name: 'Share by mail',
      href: `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(message)}`,
    },
    {
      label: 'WhatsApp',
      name: 'Share on WhatsApp (opens a new tab)',
      href: `https://wa.me/?text=${encodeURIComponent(message)}`,
    },
    {
      label: 'X',
      name: 'Share on X (opens a new tab)',
      href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
    },
    {
      label: 'LinkedIn',
      name: 'Share on LinkedIn (opens a new tab)',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    },
  ];
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <Stack gap={6} role="group" aria-label={title}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Button size="xs" variant="default" onClick={() => void copy()}>
          Copy link
        </Button>
        {links.map((link) => (
          <Button
            key={link.label}
            size="xs"
            variant="default"
            component="a"
            href={link.href}
            {...(link.label === 'Mail' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            aria-label={link.name}
          >
            {link.label}
          </Button>
        ))}
      </Group>
      {copied === 'yes' ? (
        <Text size="sm" role="status">
          The link is copied.
        </Text>
      ) : copied === 'no' ? (
        <Text size="sm" role="status">
          Copy this link: <Anchor href={url}>{url}</Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
