import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEventHandler, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormRefusal } from '@/components/ui/form-refusal';
import { type QueryLike, QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { schemaErrors, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import type { AccountRef, IntegrationsAccount } from '../lib/account';
import { ShownOnceDialog } from './shown-once-dialog';

/*
 * Adding a webhook and making a token go alike: a button opens a form in the section, the form is
 * checked by the shared schema and sent, a refusal shows beside its fields, and what was made
 * comes back once with its secret, which a dialog shows.
 */

/** The props of a form that adds one thing to the account. */
export interface AddFormProps<Made> {
  account: IntegrationsAccount;
  onMade: (made: Made) => void;
  onCancel: () => void;
}

/** A section's adding: whether its form is open, and what was made until its dialog is closed. */
function useAdding<Made>() {
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState<Made | null>(null);
  return {
    open,
    made,
    start: () => setOpen(true),
    form: {
      onCancel: () => setOpen(false),
      onMade: (answer: Made) => {
        setOpen(false);
        setMade(answer);
      },
    },
    dismiss: () => setMade(null),
  };
}

/**
 * A form that adds one thing: its values checked by `schema`, sent by `mutation` as `toBody` makes
 * them, the answer handed to `onMade`; a refusal goes beside the fields (decision 020). Answers the
 * form and the `PartForm` props it drives.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as Mantine's useForm.
export function useAddForm<Values extends Record<string, any>, Body, Made>(options: {
  props: AddFormProps<Made>;
  mutation: UseMutationResult<Made, Error, { account: AccountRef; body: Body }>;
  initialValues: Values;
  schema: z.ZodType;
  toBody: (values: Values) => Body;
}) {
  const { props, mutation } = options;
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAccessibleForm<Values>({
    initialValues: options.initialValues,
    validate: (values): FormErrors => schemaErrors(options.schema, values),
  });
  const server = useServerErrors(form, { formRef });
  const onSubmit = submitToServer(form, server, formRef, async (values) => {
    const account = { kind: props.account.kind, id: props.account.id };
    props.onMade(await mutation.mutateAsync({ account, body: options.toBody(values) }));
  });
  return {
    form,
    parts: {
      formRef,
      onSubmit,
      refusal: server.refusal,
      pending: mutation.isPending,
      onCancel: props.onCancel,
    },
  };
}

export interface PartFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The heading, which names the form. */
  title: string;
  /** What did not happen when refused: 'Not added'. */
  refusalTitle: string;
  refusal: string | null;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}

/**
 * The form that adds one thing, opened inside its section: framed under its heading, the refusal
 * above its fields, Cancel and its submit at its end.
 */
export function PartForm({
  formRef,
  onSubmit,
  title,
  refusalTitle,
  refusal,
  children,
  ...actions
}: PartFormProps) {
  const headingId = useId();
  return (
    <Paper withBorder p="md" bg="gray.0">
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <Stack gap="sm">
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
          <FormRefusal title={refusalTitle} message={refusal} />
          {children}
          <DialogActions {...actions} />
        </Stack>
      </form>
    </Paper>
  );
}

export interface AddingSectionProps<Data, Made> {
  /** The heading's id (the section is labelled by it) and the heading. */
  id: string;
  title: string;
  /** The button that opens the form: 'Add webhook'. */
  addLabel: string;
  /** Why nothing more can be added (the button is then off), or null. */
  full?: (data: Data) => string | null;
  query: QueryLike<Data>;
  loading: string;
  failed: string;
  /** What an empty list says (not while the form is open). */
  empty: ReactNode;
  /** The form, given what it calls once it has made something or is cancelled. */
  form: (done: Pick<AddFormProps<Made>, 'onMade' | 'onCancel'>) => ReactNode;
  /** The list. */
  children: (data: Data) => ReactNode;
  /** What was made is shown once in a dialog: its title, what it shows and how to use it. */
  shownOnce: { title: string; what: string; value: (made: Made) => string; help: (made: Made) => ReactNode };
}

/**
 * A section of things the account adds (webhooks, tokens): its list in its four states, the
 * button that opens the form in the section, and the dialog that shows once what was made.
 */
export function AddingSection<Data, Made>(props: AddingSectionProps<Data, Made>) {
  const adding = useAdding<Made>();
  const { query, shownOnce } = props;
  const full = query.data === undefined ? null : (props.full?.(query.data) ?? null);
  return (
    <TitledSection
      id={props.id}
      title={props.title}
      action={
        adding.open || query.data === undefined ? null : (
          <Button onClick={adding.start} disabled={full !== null}>
            {props.addLabel}
          </Button>
        )
      }
    >
      {full ? <Text size="sm">{full}</Text> : null}
      {adding.open ? props.form(adding.form) : null}
      <QueryState
        query={query}
        loading={props.loading}
        failed={props.failed}
        empty={adding.open ? null : <EmptyState variant="text">{props.empty}</EmptyState>}
      >
        {props.children}
      </QueryState>
      <ShownOnceDialog
        value={adding.made === null ? null : shownOnce.value(adding.made)}
        title={shownOnce.title}
        what={shownOnce.what}
        onClose={adding.dismiss}
      >
        {adding.made === null ? null : shownOnce.help(adding.made)}
      </ShownOnceDialog>
    </TitledSection>
  );
}
