import { Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * A text as its paragraphs (split at blank lines), each keeping its own line breaks. With
 * `wrapAnywhere`, a long word (a link, say) breaks rather than widening the page.
 */
export function Paragraphs({ text, wrapAnywhere = false }: { text: string; wrapAnywhere?: boolean }) {
  const style: CSSProperties = wrapAnywhere
    ? { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }
    : { whiteSpace: 'pre-wrap' };
  return (
    <Stack gap="xs">
      {text
        .split(/\n{2,}/)
        .filter((part) => part.trim())
        .map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text.
          <Text key={index} style={style}>
            {part}
          </Text>
        ))}
    </Stack>
  );
}
