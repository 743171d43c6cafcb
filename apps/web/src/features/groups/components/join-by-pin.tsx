import { GROUP_JOIN_STATUS, groupJoinBodySchema, PIN_LENGTH, pinCode } from '@kindred/shared';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { FormRefusal } from '@/components/ui/form-refusal';
import { HeadedForm } from '@/components/ui/headed-form';
import { toast } from '@/components/ui/toast';
import { reloadMemberships } from '@/entities/session';
import { focusFirstInvalid, schemaErrors, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useJoinGroup } from '../api/join-group';

/** Keys the pin filter lets through besides characters: moving about and shortcuts. */
const NAVIGATION_KEYS = new Set(['Tab', 'Enter', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Delete']);

/**
 * Join a group with its 6-digit PIN: the PIN key filter and length
 * (docs/product/limits-and-messages.md#form-checks).
 */
export function JoinByPin() {
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const mutation = useJoinGroup();
  const form = useAccessibleForm<{ pin: string }>({
    initialValues: { pin: '' },
    validate: (values) => schemaErrors(groupJoinBodySchema, values),
  });
  const server = useServerErrors(form, { formRef });
  const submit = form.onSubmit(
    async ({ pin }) => {
      server.clear();
      try {
        const result = await mutation.mutateAsync(pin);
        form.reset();
        if (result.status === GROUP_JOIN_STATUS.joined) {
          toast.success('Group joined');
          void reloadMemberships();
          navigate(`/groups/${result.group_id}`);
        } else {
          toast.success('Request sent', 'The group’s admins will accept or decline your request.');
        }
      } catch (error) {
        server.report(error);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );
  return (
    <HeadedForm formRef={formRef} onSubmit={submit} title="Join a group" gap="sm">
      <Text size="sm">Enter the 6-digit PIN a member of the group gave you.</Text>
      <FormRefusal message={server.refusal} />
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Group PIN"
          inputMode="numeric"
          autoComplete="off"
          maxLength={PIN_LENGTH}
          w={160}
          {...form.getInputProps('pin')}
          onKeyDown={(event) => {
            if (event.ctrlKey || event.metaKey || event.altKey || NAVIGATION_KEYS.has(event.key)) return;
            if (!pinCode(event.currentTarget.value, event.key)) event.preventDefault();
          }}
        />
        <Button type="submit" mt={25} loading={mutation.isPending}>
          Join
        </Button>
      </Group>
    </HeadedForm>
  );
}
