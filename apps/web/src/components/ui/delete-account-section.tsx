import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { confirm } from '@/components/ui/confirm';
import { FormRefusal } from '@/components/ui/form-refusal';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';

export interface DeleteAccountSectionProps {
  /** What is deleted, in lower case: 'organisation', 'charity', 'group'. */
  noun: string;
  /** Its name, in the confirmation and the toast. */
  name: string;
  /** What deleting it does, said in the confirmation. */
  consequence: string;
  /** When the API refuses, said before anyone tries (funds held, live projects). */
  rule?: string;
  pending: boolean;
  /** Deletes it (the API call). */
  remove: () => Promise<unknown>;
  /** After the deletion: where the person goes, what the session forgets. */
  onDeleted: () => Promise<void> | void;
}

/**
 * The section that deletes an account a person runs (an organisation, a charity, a group): asked
 * to confirm first, and a refusal (money still held, live projects) stays beside the button.
 */
export function DeleteAccountSection({
  noun,
  name,
  consequence,
  rule,
  pending,
  remove,
  onDeleted,
}: DeleteAccountSectionProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const onDelete = async () => {
    const ok = await confirm({
      title: `Delete ${name}?`,
      message: consequence,
      confirmLabel: `Delete ${noun}`,
      cancelLabel: `Keep ${noun}`,
      danger: true,
    });
    if (!ok) return;
    setProblem(null);
    try {
      await remove();
    } catch (error) {
      setProblem(isApiError(error) ? error.message : `The ${noun} could not be deleted.`);
      return;
    }
    toast.success(`${noun.charAt(0).toUpperCase()}${noun.slice(1)} deleted`, `${name} was deleted.`);
    await onDeleted();
  };
  return (
    <Stack gap="sm" component="section" aria-label={`Delete the ${noun}`}>
      <Title order={2} size="h3">
        Delete the {noun}
      </Title>
      {rule ? (
        // A standing note, not news: Mantine's Alert would have it announced as an alert.
        <Alert color="gray" variant="light" role="note">
          {rule}
        </Alert>
      ) : null}
      <FormRefusal title="Not deleted" message={problem} />
      <Group>
        <Button variant="default" c="red.9" onClick={onDelete} loading={pending}>
          Delete {noun}
        </Button>
      </Group>
    </Stack>
  );
}
