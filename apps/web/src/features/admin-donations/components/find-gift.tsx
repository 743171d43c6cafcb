import { type Donation, MAX_INT_ID, parseWholeNumber, TRANSACTION_STATUS } from '@kindred/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FormRefusal } from '@/components/ui/form-refusal';
import { LoadingState } from '@/components/ui/states';
import { SubmitRow } from '@/components/ui/submit-row';
import { WholeNumberInput } from '@/components/ui/whole-number-input';
import { isApiError } from '@/lib/api-client';
import { focusFirstInvalid, UNEXPECTED_REFUSAL, useAccessibleForm } from '@/lib/form';
import { adminDonationQueries } from '../api/get-admin-donation';
import type { RefundAnswer } from '../api/refund-donation';
import { DonationCard } from './donation-card';
import { RefundDialog } from './refund-dialog';

/** The typed number's problem, in one sentence beside the field; null when it can be looked up. */
export function giftNumberError(value: string): string | null {
  const typed = value.trim().replace(/^#\s*/, '');
  if (!typed) return 'Enter the gift’s number.';
  const number = parseWholeNumber(typed);
  if (number === null || number < 1) return 'A gift’s number is a whole number, like 1042.';
  if (number > MAX_INT_ID) return 'No gift has a number that large.';
  return null;
}

/** The gift as a refund left it, until the gift is read again. */
export function afterRefund(donation: Donation, answer: RefundAnswer): Donation {
  return {
    ...donation,
    status: answer.status,
    status_label: answer.status === TRANSACTION_STATUS.canceled ? 'Canceled' : donation.status_label,
    refunded_amount: answer.refunded_amount,
    refunds: [...donation.refunds, answer.refund],
  };
}

/**
 * "Find a gift by its number": any gift, in or out of the queue (a card gift to a project, a gift
 * delivered at 85), shown with the queue's card, so Super Admins and Admins refund it or raise the
 * sandbox's provider events on it. It stays shown, as it now is, after each of them.
 */
export function FindGift({ canAct }: { canAct: boolean }) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [found, setFound] = useState<number | null>(null);
  const [refunding, setRefunding] = useState<Donation | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  /** The button that opened the refund dialog: focus goes back to it, or to the field once it is gone. */
  const trigger = useRef<HTMLElement | null>(null);
  const form = useAccessibleForm({
    initialValues: { number: '' },
    validate: { number: giftNumberError },
  });
  const gift = useQuery({ ...adminDonationQueries.one(found ?? 0), enabled: found !== null });

  const submit = form.onSubmit(
    async (values) => {
      setRefusal(null);
      const id = parseWholeNumber(values.number.trim().replace(/^#\s*/, '')) ?? 0;
      setSearching(true);
      try {
        // Each Find reads the gift afresh; a failure is said at once (Find again retries).
        await queryClient.fetchQuery({ ...adminDonationQueries.one(id), staleTime: 0, retry: false });
        setFound(id);
      } catch (error) {
        if (isApiError(error) && error.code === 'NOT_FOUND') {
          form.setFieldError('number', error.message);
          focusFirstInvalid(formRef.current);
        } else {
          setRefusal(isApiError(error) ? error.message : UNEXPECTED_REFUSAL);
        }
        setFound(null);
      } finally {
        setSearching(false);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  /** The gift as an action left it, shown at once; the refresh that follows reads it again. */
  const show = (donation: Donation) =>
    queryClient.setQueryData(adminDonationQueries.one(donation.id).queryKey, donation);

  const openRefund = (donation: Donation) => {
    trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setRefunding(donation);
  };
  const closeRefund = () => {
    setRefunding(null);
    setTimeout(() => {
      const target = trigger.current?.isConnected
        ? trigger.current
        : formRef.current?.querySelector<HTMLElement>('input');
      target?.focus();
    }, 0);
  };

  const clear = () => {
    setFound(null);
    form.reset();
    setRefusal(null);
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('input')?.focus(), 0);
  };

  const donation = found === null ? undefined : gift.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="find-gift">
      <Stack gap="sm">
        <Title order={2} size="h4" id="find-gift">
          Find a gift by its number
        </Title>
        <form ref={formRef} onSubmit={submit} noValidate aria-label="Find a gift by its number">
          <Stack gap="sm">
            <FormRefusal message={refusal} title="The gift could not be looked up" />
            <WholeNumberInput
              label="Gift number"
              description="As its history and the audit log show it: donation #1042 is 1042."
              maxLength={16}
              maw="22rem"
              {...form.getInputProps('number')}
            />
            <SubmitRow pending={searching}>Find</SubmitRow>
          </Stack>
        </form>
        {found !== null && !donation ? (
          <LoadingState layout="inline" label={`Loading gift #${found}…`} />
        ) : null}
        {donation ? (
          <Stack gap="xs" aria-label={`Gift #${donation.id}`} role="group">
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed" role="status">
                Found gift #{donation.id}.
              </Text>
              <Button size="xs" variant="default" onClick={clear} aria-label={`Clear gift #${donation.id}`}>
                Clear
              </Button>
            </Group>
            <DonationCard
              donation={donation}
              selection={null}
              onReject={null}
              onRefund={canAct ? () => openRefund(donation) : null}
              onSandboxEvent={canAct ? (answer) => show(answer.donation) : null}
              context="found"
            />
          </Stack>
        ) : null}
      </Stack>
      {refunding ? (
        <RefundDialog
          donation={refunding}
          onClose={closeRefund}
          onRefunded={(answer) => show(afterRefund(refunding, answer))}
        />
      ) : null}
    </Paper>
  );
}
