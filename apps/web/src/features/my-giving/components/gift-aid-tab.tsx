import type { GiftAidDeclaration } from '@kindred/shared';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { confirm } from '@/components/ui/confirm';
import { pagedItems } from '@/components/ui/paged-list';
import { ShowMore } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { giftAidQueries } from '@/entities/donation';
import { showDate } from '@/lib/format';
import { useCancelGiftAidDeclaration } from '../api/cancel-gift-aid-declaration';

const nameOf = (declaration: GiftAidDeclaration) =>
  [declaration.title, declaration.first_name, declaration.last_name].filter(Boolean).join(' ');

/** The address as one line: it often starts with the house number already. */
const addressOf = (declaration: GiftAidDeclaration) =>
  declaration.address.startsWith(declaration.house)
    ? declaration.address
    : `${declaration.house} ${declaration.address}`;

function status(declaration: GiftAidDeclaration): { label: string; colour: string } {
  if (declaration.cancelled_at) return { label: 'Cancelled', colour: 'gray.7' };
  if (!declaration.charity) return { label: 'Names no charity', colour: 'yellow.9' };
  return { label: 'Current', colour: 'teal.9' };
}

function DeclarationCard({ declaration }: { declaration: GiftAidDeclaration }) {
  const headingId = useId();
  const cancel = useCancelGiftAidDeclaration();
  const charity = declaration.charity?.name;
  const badge = status(declaration);
  const onCancel = async () => {
    const sure = await confirm({
      title: charity
        ? `Cancel your Gift Aid declaration for ${charity}?`
        : 'Cancel your earlier Gift Aid declaration?',
      message: charity
        ? `Your later gifts to ${charity} will carry no Gift Aid. Gifts already made keep theirs, and the declaration is kept on record as cancelled.`
        : 'It is kept on record as cancelled, and the give flow will no longer offer to confirm it for a charity.',
      confirmLabel: 'Cancel declaration',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (!sure) return;
    cancel.mutate(declaration.id, {
      onSuccess: () =>
        toast.success(
          'Gift Aid declaration cancelled',
          charity
            ? `Your later gifts to ${charity} carry no Gift Aid.`
            : 'It is kept on record as cancelled.',
        ),
    });
  };
  return (
    <Paper component="li" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h4" id={headingId}>
            {charity ?? 'Earlier declaration, naming no charity'}
          </Title>
          <Badge color={badge.colour} variant="filled" radius="sm">
            {badge.label}
          </Badge>
        </Group>
        <Text size="sm">
          {`Declared on ${showDate(declaration.declared_at)}`}
          {declaration.cancelled_at ? `, cancelled on ${showDate(declaration.cancelled_at)}` : ''}.
        </Text>
        {!charity && !declaration.cancelled_at ? (
          <Text size="sm">
            HMRC needs a declaration to name the charity that claims, so this one adds Gift Aid to no new
            gift. The next time you give with Gift Aid, you can confirm it for that charity in one step.
          </Text>
        ) : null}
        <Stack gap={2}>
          <Text fw={600}>{nameOf(declaration)}</Text>
          <Text size="sm">{addressOf(declaration)}</Text>
          <Text size="sm">{declaration.post_code}</Text>
        </Stack>
        <Text size="sm" fs="italic">{`"${declaration.text}"`}</Text>
        {declaration.cancelled_at ? null : (
          <Group>
            <Button
              variant="outline"
              color="red.9"
              onClick={() => void onCancel()}
              loading={cancel.isPending}
              aria-describedby={headingId}
            >
              Cancel the declaration
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The donor's Gift Aid declarations, one per charity (and earlier ones naming none): see them, cancel one. */
export function GiftAidTab() {
  const headingId = useId();
  const query = useInfiniteQuery(giftAidQueries.list());
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md">
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          Gift Aid declarations
        </Title>
        <Text size="sm">
          A declaration names the charity that claims Gift Aid on your gifts: you make one for each charity,
          the first time you give to it with Gift Aid. Gift Aid adds 25% to your gifts of funds from your own
          wallet, at no cost to you.
        </Text>
        <QueryState
          query={query}
          loading="Loading your declarations…"
          failed="Your declarations could not be loaded"
          keepDataOnError
          empty={
            <EmptyState variant="text">
              You have no Gift Aid declarations. If you pay UK Income Tax or Capital Gains Tax, tick Gift Aid
              when you give funds from your wallet: we ask for a declaration for that charity the first time.
            </EmptyState>
          }
        >
          {() => (
            <Stack gap="sm">
              <Stack
                component="ul"
                gap="sm"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label="Your declarations"
              >
                {pagedItems(query).map((declaration) => (
                  <DeclarationCard key={declaration.id} declaration={declaration} />
                ))}
              </Stack>
              <ShowMore query={query}>Show older declarations</ShowMore>
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}
