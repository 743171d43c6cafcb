import { FUNDRAISER_UPDATE_MAX_LENGTH, fundraiserPostBodySchema } from '@kindred/shared';
import { Modal, Text } from '@mantine/core';
import { useRef } from 'react';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormRefusal } from '@/components/ui/form-refusal';
import { toast } from '@/components/ui/toast';
import { schemaErrors, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { usePostFundraiserUpdate } from '../api/post-fundraiser-update';

/** "Post an update": the fundraiser's news, in a dialog (loaded when it is opened). */
export function PostUpdateDialog({ pageId, onClose }: { pageId: number; onClose: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = usePostFundraiserUpdate();
  const form = useAccessibleForm<{ body: string }>({
    initialValues: { body: '' },
    validate: (values) => schemaErrors(fundraiserPostBodySchema, { body: values.body.trim() }),
  });
  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    await mutation.mutateAsync({ id: pageId, body: { body: values.body.trim() } });
    toast.success('Update posted', 'It shows first on your page.');
    onClose();
  });
  return (
    <Modal opened onClose={onClose} title="Post an update" centered>
      <DialogForm
        formRef={formRef}
        onSubmit={submit}
        label="Post an update"
        actions={{ submitLabel: 'Post update', pending: mutation.isPending, onCancel: onClose }}
      >
        <Text size="sm">Tell your supporters how it is going: everyone who opens the page sees it.</Text>
        <FormRefusal message={server.refusal} title="Not posted" />
        <CountedTextarea
          label="Update"
          required
          autosize
          minRows={4}
          maxLength={FUNDRAISER_UPDATE_MAX_LENGTH}
          data-autofocus
          {...form.getInputProps('body')}
        />
      </DialogForm>
    </Modal>
  );
}
