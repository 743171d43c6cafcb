import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

export interface ShareLinksProps {
  /** The page to share, absolute ('https://…/projects/3'). */
  url: string;
  /** What the message says before the link: 'I gave to Clean-up of the river banks'. */
  text: string;
  /** The line above the links. */
  title?: string;
}

/** The services' own share pages, each with the page's address (and the message where it takes one). */
export function shareLinks(url: string, text: string) {
  const message = `${text} ${url}`;
  const at = encodeURIComponent;
  return [
    {
      label: 'Mail',
      name: 'Share by mail',
      href: `mailto:?subject=${at(text)}&body=${at(message)}`,
    },
    {
      label: 'WhatsApp',
      name: 'Share on WhatsApp (opens a new tab)',
      href: `https://wa.me/?text=${at(message)}`,
    },
    {
      label: 'X',
      name: 'Share on X (opens a new tab)',
      href: `https://twitter.com/intent/tweet?text=${at(text)}&url=${at(url)}`,
    },
    {
      label: 'LinkedIn',
      name: 'Share on LinkedIn (opens a new tab)',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${at(url)}`,
    },
  ];
}

/**
 * Ways to pass a page on (docs/product/link-previews.md#sharing): copy its link, open a message by
 * mail, WhatsApp, X or LinkedIn with it, or the device's own share sheet where the browser has
 * one. Each service is a plain link to its own share page, so nothing of theirs loads here.
 */
export function ShareLinks({ url, text, title = 'Share it' }: ShareLinksProps) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const byHand = useRef<HTMLInputElement>(null);
  // Refused: the address waits selected in its box, for the person to copy.
  useEffect(() => {
    if (copied !== 'no') return;
    byHand.current?.focus();
    byHand.current?.select();
  }, [copied]);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: text, text, url });
    } catch {
      // Closed without sharing, or refused: the other ways stay on screen.
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
        {shareLinks(url, text).map((link) => (
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
        {canShare ? (
          <Button size="xs" variant="default" onClick={() => void share()}>
            Share…
          </Button>
        ) : null}
      </Group>
      {/* Always present, so a screen reader hears what it comes to say. */}
      <Text size="sm" role="status">
        {copied === 'yes' ? 'Link copied.' : copied === 'no' ? 'Your browser did not let us copy it.' : ''}
      </Text>
      {copied === 'no' ? (
        <TextInput
          label="Copy this link"
          description="Select it and copy it yourself."
          value={url}
          readOnly
          size="sm"
          ref={byHand}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
    </Stack>
  );
}
