import {
  type GiftAidDeclaration,
  type GiftAidDeclarationBody,
  giftAidDeclarationBodySchema,
} from '@kindred/shared';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { confirm } from '@/components/ui/confirm';
import { FormRefusal } from '@/components/ui/form-refusal';
import { FailedState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import {
  donationQueries,
  GiftAidDeclarationInputs,
  type GiftAidDeclarationValues,
  giftAidDeclarationBody,
  giftAidDeclarationValues,
  useMakeGiftAidDeclaration,
} from '@/entities/donation';
import { focusFirstInvalid, schemaErrors, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useCancelGiftAidDeclaration } from '../api/cancel-gift-aid-declaration';
import { dayOf } from '../lib/dates';

function DeclarationForm({ previous }: { previous: GiftAidDeclaration | null }) {
  const formRef = useRef<HTMLFormElement>(null);
  const make = useMakeGiftAidDeclaration();
  const form = useAccessibleForm<GiftAidDeclarationValues>({
    initialValues: giftAidDeclarationValues(previous ?? {}),
    validate: (values) => schemaErrors(giftAidDeclarationBodySchema, giftAidDeclarationBody(values)),
  });

  const server = useServerErrors(form, { formRef });

  const submit = form.onSubmit(
    (values) => {
      server.clear();
      make.mutate(giftAidDeclarationBody(values) as GiftAidDeclarationBody, {
        onSuccess: () =>
          toast.success(
            'Gift Aid declaration made',
            'Your eligible gifts of funds from your wallet now carry Gift Aid.',
          ),
        onError: server.report,
      });
    },
    () => focusFirstInvalid(formRef.current),
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Make a Gift Aid declaration">
      <Stack gap="sm">
        <FormRefusal title="The declaration was not made" message={server.refusal} />
        <GiftAidDeclarationInputs form={form} />
        <Group>
          <Button type="submit" loading={make.isPending}>
            Make the declaration
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CurrentDeclaration({ declaration }: { declaration: GiftAidDeclaration }) {
  const cancel = useCancelGiftAidDeclaration();
  const onCancel = async () => {
    const sure = await confirm({
      title: 'Cancel your Gift Aid declaration?',
      message:
        'Your later gifts will carry no Gift Aid. Gifts already made keep theirs, and the declaration is kept on record as cancelled.',
      confirmLabel: 'Cancel declaration',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (!sure) return;
    cancel.mutate(undefined, {
      onSuccess: () => toast.success('Gift Aid declaration cancelled', 'Your later gifts carry no Gift Aid.'),
    });
  };
  const name = [declaration.title, declaration.first_name, declaration.last_name].filter(Boolean).join(' ');
  return (
    <Stack gap="sm">
      <Alert color="teal" variant="light" title={`Declared on ${dayOf(declaration.declared_at)}`}>
        Gift Aid adds 25% to your gifts of funds from your own wallet, at no cost to you.
      </Alert>
      <Stack gap={2}>
        <Text fw={600}>{name}</Text>
        <Text size="sm">
          {/* The address often starts with the house number already. */}
          {declaration.address.startsWith(declaration.house)
            ? declaration.address
            : `${declaration.house} ${declaration.address}`}
        </Text>
        <Text size="sm">{declaration.post_code}</Text>
      </Stack>
      <Text size="sm" fs="italic">{`"${declaration.text}"`}</Text>
      <Group>
        <Button variant="outline" color="red.9" onClick={() => void onCancel()} loading={cancel.isPending}>
          Cancel the declaration
        </Button>
      </Group>
    </Stack>
  );
}

/** The Gift Aid declaration: see it, make it (again), cancel it. */
export function GiftAidTab() {
  const headingId = useId();
  const query = useQuery(donationQueries.giftAidDeclaration());
  let body: React.ReactNode;
  if (query.isError)
    body = (
      <FailedState title="Your declaration could not be loaded" error={query.error} onRetry={query.refetch} />
    );
  else if (query.data === undefined) body = <LoadingState label="Loading your declaration…" />;
  else if (query.data && !query.data.cancelled_at) body = <CurrentDeclaration declaration={query.data} />;
  else
    body = (
      <Stack gap="sm">
        <Text>
          {query.data?.cancelled_at
            ? `You cancelled your declaration on ${dayOf(query.data.cancelled_at)}, so your gifts carry no Gift Aid. Make a new one if you pay UK tax again.`
            : 'You have no Gift Aid declaration. If you pay UK Income Tax or Capital Gains Tax, make one and charities can claim 25% more on your gifts of funds from your wallet.'}
        </Text>
        <DeclarationForm previous={query.data ?? null} />
      </Stack>
    );
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md">
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          Gift Aid declaration
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
