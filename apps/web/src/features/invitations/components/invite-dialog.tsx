import { ADMIN_TYPE, type InvitationTarget, invitationCreateBodySchema } from '@kindred/shared';
import { Button, Modal, NativeSelect, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRef } from 'react';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormRefusal } from '@/components/ui/form-refusal';
import { toast } from '@/components/ui/toast';
import { schemaErrors, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useCreateInvitation } from '../api/create-invitation';

export interface InviteByEmailProps {
  targetType: InvitationTarget;
  targetId: number;
  /** The organisation's, charity's, project's or group's name, for the dialog's title. */
  targetName: string;
  /** Roles the inviter may give (organisations and charities); none for projects and groups. */
  roles?: Array<{ value: 1 | 2 | 99; label: string }>;
}

interface Values {
  email: string;
  admin_type: string;
}

/**
 * "Invite by email": a button and its dialog, shared by the organisation, charity and group
 * screens. The invited person gets a mail with a single-use code valid for 14 days.
 */
export function InviteByEmail({ targetType, targetId, targetName, roles }: InviteByEmailProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateInvitation();
  const form = useAccessibleForm<Values>({
    initialValues: { email: '', admin_type: String(ADMIN_TYPE.employee) },
    validate: (values) =>
      schemaErrors(invitationCreateBodySchema.pick({ email: true }), { email: values.email }),
  });
  const { refusal, report, clear } = useServerErrors(form, { formRef });

  const onClose = () => {
    form.reset();
    clear();
    close();
  };

  const onSubmit = form.onSubmit(async (values) => {
    clear();
    try {
      const invitation = await create.mutateAsync({
        email: values.email.trim(),
        target_type: targetType,
        target_id: targetId,
        ...(roles ? { admin_type: Number(values.admin_type) as 1 | 2 | 99 } : {}),
      });
      toast.success('Invitation sent', `We emailed an invitation to ${invitation.email}.`);
      onClose();
    } catch (error) {
      report(error);
    }
  });

  return (
    <>
      <Button variant="default" onClick={open}>
        Invite by email
      </Button>
      <Modal opened={opened} onClose={onClose} title={`Invite someone to ${targetName}`} centered>
        <DialogForm
          formRef={formRef}
          onSubmit={onSubmit}
          actions={{ submitLabel: 'Send invitation', pending: create.isPending, onCancel: onClose }}
        >
          <Text size="sm">
            We email them a link that works once, for 14 days, and only for this address. Someone without an
            account registers with this address first.
          </Text>
          <FormRefusal message={refusal} title="Not sent" />
          <TextInput
            label="Email address"
            type="email"
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps('email')}
          />
          {roles ? (
            <NativeSelect
              label="Role"
              data={roles.map((role) => ({ value: String(role.value), label: role.label }))}
              {...form.getInputProps('admin_type')}
            />
          ) : null}
        </DialogForm>
      </Modal>
    </>
  );
}
