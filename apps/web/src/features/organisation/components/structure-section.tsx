import { formatMoney, type OrganisationNode, REQUIRED_MESSAGE } from '@kindred/shared';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { confirm } from '@/components/ui/confirm';
import { Dialog } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormRefusal } from '@/components/ui/form-refusal';
import { QueryFallback } from '@/components/ui/query-state';
import { EmptyState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { organisationMoneyQueries, organisationQueries } from '@/entities/organisation';
import { amountError, parseAmount } from '@/lib/amount';
import { isApiError } from '@/lib/api-client';
import { mayHaveGoneThrough, useKeyedAttempts } from '@/lib/idempotency';
import { useAddSubBusiness } from '../api/add-sub-business';
import { useDeleteSubBusiness } from '../api/delete-sub-business';
import { useTransferEmployees } from '../api/transfer-employees';
import { useTransferFunds } from '../api/transfer-funds';
import { useOrganisationContext } from './organisation-layout';

const refusalOf = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/** Why the funds were not moved; when the call may have gone through, that moving them again is safe. */
function fundsRefusal(error: unknown): string {
  if (!mayHaveGoneThrough(error)) return refusalOf(error, 'The funds could not be moved.');
  const why = isApiError(error) && error.status !== 0 ? error.message : 'The server could not be reached.';
  return `${why} Move them again to finish: the same move is retried, so it is not made twice.`;
}

/**
 * A dialog's refusal (set by the dialog when it refuses itself), and `attempt`: runs the dialog's action and closes it, or keeps in the dialog
 * why it was refused (the server's words, or `fallback`).
 */
function useDialogAttempt(onClose: () => void) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const attempt = async (action: () => Promise<unknown>, fallback: string) => {
    try {
      await action();
      onClose();
    } catch (failure) {
      setRefusal(refusalOf(failure, fallback));
    }
  };
  return { refusal, setRefusal, attempt };
}

/** A move between a business and its sub-business (of funds or of employees). */
interface MoveDialogProps {
  parent: OrganisationNode;
  child: OrganisationNode;
  onClose: () => void;
}

/** Which way a move goes (down to the child at first), and so where from and where to. */
function useMoveDirection({ parent, child }: MoveDialogProps) {
  const [down, setDown] = useState(true);
  return { down, setDown, from: down ? parent : child, to: down ? child : parent };
}

type OpenDialog =
  | { kind: 'add'; parent: OrganisationNode }
  | { kind: 'funds'; parent: OrganisationNode; child: OrganisationNode }
  | { kind: 'employees'; parent: OrganisationNode; child: OrganisationNode };

function AddDialog({
  rootId,
  parent,
  onClose,
}: {
  rootId: number;
  parent: OrganisationNode;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { refusal, attempt } = useDialogAttempt(onClose);
  const add = useAddSubBusiness(rootId);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim().length < 2) {
      setError(REQUIRED_MESSAGE);
      return;
    }
    await attempt(async () => {
      await add.mutateAsync({ parent_id: parent.id, name: name.trim(), description: null });
      toast.success('Sub-business added', `${name.trim()} is part of ${parent.name}.`);
    }, 'The sub-business could not be added.');
  };
  return (
    <DialogForm
      onSubmit={submit}
      actions={{ submitLabel: 'Add sub-business', pending: add.isPending, onCancel: onClose }}
      refusal={refusal}
    >
      <TextInput
        label="Name"
        required
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        data-autofocus
      />
      <Text size="sm">You become its Super Admin. It is approved when {parent.name} is.</Text>
    </DialogForm>
  );
}

/** Which way a move between a business and its sub-business goes: down to the child or up to the parent. */
function DirectionControl({
  parent,
  child,
  down,
  onChange,
}: {
  parent: OrganisationNode;
  child: OrganisationNode;
  down: boolean;
  onChange: (down: boolean) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Direction"
      value={down ? 'down' : 'up'}
      onChange={(value) => onChange(value === 'down')}
      data={[
        { value: 'down', label: `To ${child.name}` },
        { value: 'up', label: `To ${parent.name}` },
      ]}
    />
  );
}

function FundsDialog({ parent, child, onClose }: MoveDialogProps) {
  const { down, setDown, from, to } = useMoveDirection({ parent, child, onClose });
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const attempts = useKeyedAttempts();
  const transfer = useTransferFunds();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = amountError(amount);
    if (problem) {
      setError(problem);
      return;
    }
    const minor = parseAmount(amount) ?? 0;
    const sure = await confirm({
      title: 'Move these funds?',
      message: `${formatMoney(minor)} moves from ${from.name}’s wallet to ${to.name}’s.`,
      confirmLabel: 'Move funds',
    });
    if (!sure) return;
    setRefusal(null);
    const body = { from_business_id: from.id, to_business_id: to.id, amount: minor };
    const { key } = attempts.next(body);
    try {
      await transfer.mutateAsync({ body, key });
      attempts.answered();
      toast.success('Funds moved', `${formatMoney(minor)} to ${to.name}.`);
      onClose();
    } catch (failure) {
      attempts.failed(failure);
      setRefusal(fundsRefusal(failure));
    }
  };
  return (
    <DialogForm
      onSubmit={submit}
      actions={{ submitLabel: 'Move funds', pending: transfer.isPending, onCancel: onClose }}
      refusal={refusal}
    >
      <DirectionControl parent={parent} child={child} down={down} onChange={setDown} />
      <TextInput
        label="Amount"
        description="For example 250 or 99.50."
        required
        inputMode="decimal"
        value={amount}
        error={error}
        onChange={(event) => {
          setAmount(event.currentTarget.value);
          setError(null);
        }}
      />
    </DialogForm>
  );
}

function EmployeesDialog({ parent, child, onClose }: MoveDialogProps) {
  const { down, setDown, from, to } = useMoveDirection({ parent, child, onClose });
  const [chosen, setChosen] = useState<string[]>([]);
  const { refusal, setRefusal, attempt } = useDialogAttempt(onClose);
  const members = useQuery(organisationQueries.members(from.id));
  const move = useTransferEmployees();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setRefusal('Choose at least one employee.');
      return;
    }
    const sure = await confirm({
      title: 'Move these employees?',
      message: `${chosen.length} ${chosen.length === 1 ? 'person leaves' : 'people leave'} ${from.name} and join ${to.name} as Employees.`,
      confirmLabel: 'Move employees',
    });
    if (!sure) return;
    await attempt(async () => {
      const answer = await move.mutateAsync({
        from_business_id: from.id,
        to_business_id: to.id,
        user_ids: chosen.map(Number),
      });
      toast.success('Employees moved', answer.message);
    }, 'The employees could not be moved.');
  };
  return (
    <DialogForm
      onSubmit={submit}
      actions={{ submitLabel: 'Move employees', pending: move.isPending, onCancel: onClose }}
      refusal={refusal}
    >
      <DirectionControl
        parent={parent}
        child={child}
        down={down}
        onChange={(value) => {
          setDown(value);
          setChosen([]);
        }}
      />
      {members.isPending ? (
        <LoadingState label="Loading the members…" layout="inline" />
      ) : members.data ? (
        <Checkbox.Group label={`Members of ${from.name}`} value={chosen} onChange={setChosen}>
          <Stack gap="xs" mt="xs">
            {members.data.items.map((member) => (
              <Checkbox
                key={member.user_id}
                value={String(member.user_id)}
                label={`${member.first_name} ${member.last_name} (${member.email})`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : (
        <Alert color="red" variant="light">
          You cannot see the members of {from.name}.
        </Alert>
      )}
    </DialogForm>
  );
}

function Node({
  node,
  parent,
  manage,
  onDialog,
  onDelete,
}: {
  node: OrganisationNode;
  parent: OrganisationNode | null;
  manage: boolean;
  onDialog: (dialog: OpenDialog) => void;
  onDelete: (node: OrganisationNode) => void;
}) {
  const headingId = useId();
  return (
    <li>
      <Paper p="sm" withBorder component="section" aria-labelledby={headingId}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={600} id={headingId}>
              {node.name}
            </Text>
            <Text size="sm">
              {node.members} member{node.members === 1 ? '' : 's'}
            </Text>
            {node.approval_status !== 'approved' ? (
              <Badge color="yellow.9" variant="filled">
                {node.approval_status === 'pending' ? 'Pending approval' : 'Rejected'}
              </Badge>
            ) : null}
            {node.lock_status ? (
              <Badge color="red.9" variant="filled">
                Locked
              </Badge>
            ) : null}
          </Group>
          {manage ? (
            <Group gap={4} wrap="wrap">
              <Button size="xs" variant="default" onClick={() => onDialog({ kind: 'add', parent: node })}>
                Add sub-business
              </Button>
              {parent ? (
                <>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onDialog({ kind: 'funds', parent, child: node })}
                  >
                    Move funds
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onDialog({ kind: 'employees', parent, child: node })}
                  >
                    Move employees
                  </Button>
                  <Button size="xs" variant="default" color="red" onClick={() => onDelete(node)}>
                    Delete
                  </Button>
                </>
              ) : null}
            </Group>
          ) : null}
        </Group>
      </Paper>
      {node.children.length > 0 ? (
        <ul
          aria-label={`Sub-businesses of ${node.name}`}
          style={{
            listStyle: 'none',
            paddingLeft: 'var(--mantine-spacing-lg)',
            marginTop: 'var(--mantine-spacing-xs)',
          }}
        >
          {node.children.map((child) => (
            <Node
              key={child.id}
              node={child}
              parent={node}
              manage={manage}
              onDialog={onDialog}
              onDelete={onDelete}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** `/organisation/structure`: the tree of sub-businesses; its Super Admins move funds and employees. */
export function StructureSection() {
  const { business } = useOrganisationContext();
  const tree = useQuery(organisationMoneyQueries.tree(business.id));
  const remove = useDeleteSubBusiness(business.id);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => setDialog(null);

  const onDelete = async (node: OrganisationNode) => {
    const sure = await confirm({
      title: `Delete ${node.name}?`,
      message: 'Its members leave it. It must hold no money and have no sub-businesses of its own.',
      confirmLabel: 'Delete sub-business',
      danger: true,
    });
    if (!sure) return;
    setProblem(null);
    try {
      await remove.mutateAsync(node.id);
      toast.success('Sub-business deleted');
    } catch (error) {
      setProblem(refusalOf(error, 'The sub-business could not be deleted.'));
    }
  };

  if (!tree.data)
    return (
      <QueryFallback
        query={tree}
        loading="Loading the sub-businesses…"
        failed="The sub-businesses could not be loaded."
      />
    );
  const { tree: root, can_manage: manage } = tree.data;
  const title =
    dialog?.kind === 'add'
      ? `Add a sub-business to ${dialog.parent.name}`
      : dialog?.kind === 'funds'
        ? `Move funds: ${dialog.parent.name} and ${dialog.child.name}`
        : dialog?.kind === 'employees'
          ? `Move employees: ${dialog.parent.name} and ${dialog.child.name}`
          : '';
  return (
    <Paper p="lg" withBorder>
      <Stack gap="md">
        <Title order={2} size="h3">
          Sub-businesses
        </Title>
        <Text size="sm">
          {manage
            ? 'As a Super Admin you add and delete sub-businesses and move funds and employees between an organisation and its own sub-businesses.'
            : 'Only a Super Admin of the parent changes the sub-businesses.'}
        </Text>
        <FormRefusal message={problem} />
        <ul aria-label="Organisation structure" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          <Node node={root} parent={null} manage={manage} onDialog={setDialog} onDelete={onDelete} />
        </ul>
        {root.children.length === 0 ? (
          <EmptyState>{business.name} has no sub-businesses yet.</EmptyState>
        ) : null}
      </Stack>
      <Dialog opened={dialog !== null} onClose={close} title={title}>
        {dialog?.kind === 'add' ? (
          <AddDialog rootId={business.id} parent={dialog.parent} onClose={close} />
        ) : null}
        {dialog?.kind === 'funds' ? (
          <FundsDialog parent={dialog.parent} child={dialog.child} onClose={close} />
        ) : null}
        {dialog?.kind === 'employees' ? (
          <EmployeesDialog parent={dialog.parent} child={dialog.child} onClose={close} />
        ) : null}
      </Dialog>
    </Paper>
  );
}
