import { Alert, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormRefusal } from '@/components/ui/form-refusal';
import { Page } from '@/components/ui/page';
import { SubmitRow } from '@/components/ui/submit-row';
import { toast } from '@/components/ui/toast';
import { reloadMemberships, session, useCurrentUser } from '@/entities/session';
import { submitToServer } from '@/lib/form';
import { type AccountFormDefinition, useAccountForm } from './account-form';

/** The words of one kind of account's registration. */
export interface RegisterWords {
  /** 'Register a charity': the page's title and the form's name. */
  title: string;
  intro: string;
  submit: string;
  /** The refusal's title: 'Not registered'. */
  refused: string;
  /** 'Charity registered': the page after, and the toast. */
  done: string;
  /** Why it waits, after 'Thank you. {name} is waiting for approval: '. */
  waiting: string;
  /** What comes next, after 'We will email {email} when it is approved'. */
  next: string;
  /** The account's area: '/charity', and the link's words. */
  areaPath: string;
  areaLink: string;
}

export interface AccountRegisterProps<
  Values extends { name: string },
  Body,
  A extends { id: number; name: string },
> {
  words: RegisterWords;
  /** Which kind of account becomes the active one once registered. */
  kind: 'charity' | 'business';
  definition: AccountFormDefinition<A, Values, Body, unknown>;
  register: { mutateAsync: (body: Body) => Promise<A>; isPending: boolean };
}

function Registered({ words, name }: { words: RegisterWords; name: string }) {
  const user = useCurrentUser();
  return (
    <Page title={words.done} size="sm">
      <Alert color="yellow" variant="light" title="Waiting for approval" role="status">
        <Stack gap="xs">
          <Text>
            Thank you. {name} is waiting for approval: {words.waiting}
          </Text>
          <Text>
            We will email {user?.email ?? 'you'} when it is approved{words.next}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={words.areaPath}>
              {words.areaLink}
            </Anchor>
            <Anchor component={Link} to="/">
              Go to the home page
            </Anchor>
          </Group>
        </Stack>
      </Alert>
    </Page>
  );
}

/**
 * A signed-in person applies to add an account with members (a charity, an organisation): they
 * become its Super Admin, it becomes their active account, and it waits for a platform admin.
 */
export function AccountRegisterScreen<
  Values extends { name: string },
  Body,
  A extends { id: number; name: string },
>(props: AccountRegisterProps<Values, Body, A>) {
  const { words, definition } = props;
  const { toBody } = definition.create;
  const [created, setCreated] = useState<A | null>(null);
  const { form, server, formRef } = useAccountForm({
    initialValues: definition.create.initialValues(),
    schema: definition.create.schema,
    toBody,
    fieldMap: definition.fieldMap,
  });

  const submit = submitToServer(form, server, formRef, async (values) => {
    const account = await props.register.mutateAsync(toBody(values));
    await reloadMemberships();
    session.setActiveAccount({ type: props.kind, id: account.id });
    toast.success(words.done, `${account.name} is waiting for approval.`);
    setCreated(account);
  });

  if (created) return <Registered words={words} name={created.name} />;
  return (
    <Page title={words.title} description={<Text>{words.intro}</Text>}>
      <Paper p="lg" withBorder>
        <form ref={formRef} onSubmit={submit} noValidate aria-label={words.title}>
          <Stack gap="md">
            <FormRefusal title={words.refused} message={server.refusal} />
            {definition.fields(form)}
            <SubmitRow justify="flex-start" pending={props.register.isPending}>
              {words.submit}
            </SubmitRow>
          </Stack>
        </form>
      </Paper>
    </Page>
  );
}
