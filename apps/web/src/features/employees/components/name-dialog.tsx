import { employeeGroupBodySchema } from '@kindred/shared';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { FormRefusal } from '@/components/ui/form-refusal';
import { schemaErrors, useAccessibleForm, useServerErrors } from '@/lib/form';

export interface NameValues {
  name: string;
  description: string;
}

export interface NameDialogProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  initial?: NameValues;
  onClose: () => void;
  /** Saves; a refusal is shown in the dialog. */
  onSave: (values: NameValues) => Promise<unknown>;
}

/** Names (and describes) a group or sub-group: add or rename. */
export function NameDialog({ opened, title, submitLabel, initial, onClose, onSave }: NameDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAccessibleForm<NameValues>({
    initialValues: initial ?? { name: '', description: '' },
    validate: (values) => schemaErrors(employeeGroupBodySchema, values),
  });
  const { refusal, report, clear } = useServerErrors(form, { formRef });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens again.
  useEffect(() => {
    if (opened) {
      form.setValues(initial ?? { name: '', description: '' });
      form.resetDirty();
      clear();
    }
  }, [opened]);

  const onSubmit = form.onSubmit(async (values) => {
    clear();
    try {
      await onSave(values);
      onClose();
    } catch (error) {
      report(error);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormRefusal message={refusal} />
          <TextInput label="Name" required maxLength={100} data-autofocus {...form.getInputProps('name')} />
          <Textarea
            label="Description (optional)"
            maxLength={1000}
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
