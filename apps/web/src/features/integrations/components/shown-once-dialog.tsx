import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

export interface ShownOnceDialogProps {
  /** What is shown (null: the dialog is closed). */
  value: string | null;
  title: string;
  /** What it is, for the copy button: 'secret', 'token'. */
  what: string;
  onClose: () => void;
  /** How to use it, under it. */
  children?: ReactNode;
}

/**
 * A secret Kindred shows once (a webhook's signing secret, an API token): the value to select or
 * copy, the warning that it will not be shown again, and how to use it.
 */
export function ShownOnceDialog({ value, title, what, onClose, children }: ShownOnceDialogProps) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const close = () => {
    setCopied(null);
    onClose();
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value ?? '');
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <Modal opened={value !== null} onClose={close} title={title} centered size="lg">
      <Stack gap="md">
        <Text fw={700}>Copy it now and keep it somewhere safe: it will not be shown again.</Text>
        <Code block data-testid="shown-once" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <Group gap="sm">
          <Button variant="default" onClick={() => void copy()} aria-label={`Copy the ${what}`}>
            Copy
          </Button>
          {copied ? (
            <Text size="sm" role="status">
              {copied === 'yes' ? `The ${what} is copied.` : `Select the ${what} and copy it yourself.`}
            </Text>
          ) : null}
        </Group>
        {children}
        <Group justify="flex-end">
          <Button onClick={close}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
