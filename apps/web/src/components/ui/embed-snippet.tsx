import { Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { TitledSection } from './titled-section';

/** The frame's size the snippet asks for: the column's width up to 480 px, 760 px high. */
export const EMBED_FRAME = { width: 480, height: 760 } as const;

/** Text in an HTML attribute, escaped. */
const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The `<iframe>` that shows the page at `url` on another site, named by `title`. */
export function embedSnippet(url: string, title: string): string {
  return (
    `<iframe src="${attribute(url)}" title="${attribute(title)}" ` +
    `width="${EMBED_FRAME.width}" height="${EMBED_FRAME.height}" ` +
    `style="width: 100%; max-width: ${EMBED_FRAME.width}px; border: 0;" loading="lazy"></iframe>`
  );
}

export interface EmbedSnippetSectionProps {
  /** The section's heading id. */
  id: string;
  /** The page to frame, a path of this site (`/embed/project/12`). */
  path: string;
  /** The frame's title, which screen readers announce: 'Donate to River Trust'. */
  title: string;
  /** What the section says before the snippet. */
  children?: ReactNode;
}

/**
 * A page other sites may frame (docs/product/embed.md#the-snippet): the `<iframe>` snippet with
 * this site's address, a Copy button, and a link to open the page itself.
 */
export function EmbedSnippetSection({ id, path, title, children }: EmbedSnippetSectionProps) {
  const url = `${window.location.origin}${path}`;
  const snippet = embedSnippet(url, title);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <TitledSection id={id} title="Donate button for your website">
      {children}
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Paste this where the button should show on your site
        </Text>
        <Code block data-testid="embed-snippet" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {snippet}
        </Code>
      </Stack>
      <Group gap="sm" wrap="wrap">
        <Button variant="default" onClick={() => void copy()}>
          Copy the code
        </Button>
        <Anchor href={path} target="_blank" rel="noopener noreferrer">
          Open the donate page (opens a new tab)
        </Anchor>
      </Group>
      {copied === 'yes' ? (
        <Text size="sm" role="status">
          The code is copied: paste it into your site.
        </Text>
      ) : copied === 'no' ? (
        <Text size="sm" role="status">
          Your browser did not let us copy: select the code above and copy it.
        </Text>
      ) : null}
    </TitledSection>
  );
}
