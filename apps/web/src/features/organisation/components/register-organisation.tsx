import { type Business, businessCreateBodySchema, REQUIRED_MESSAGE } from '@kindred/shared';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormRefusal } from '@/components/ui/form-refusal';
import { Page } from '@/components/ui/page';
import { toast } from '@/components/ui/toast';
import { reloadMemberships, session, useCurrentUser } from '@/entities/session';
import { focusFirstInvalid, schemaErrors, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useRegisterOrganisation } from '../api/register-organisation';
import {
  emptyOrganisationValues,
  type OrganisationFormValues,
  toOrganisationBody,
} from '../lib/organisation-values';
import { OrganisationFields } from './organisation-fields';

function validate(values: OrganisationFormValues) {
  const errors = schemaErrors(businessCreateBodySchema, toOrganisationBody(values));
  if (!values.name.trim()) errors.name = REQUIRED_MESSAGE;
  return errors;
}

function Added({ business }: { business: Business }) {
  const user = useCurrentUser();
  return (
    <Page title="Organisation added" size="sm">
      <Alert color="yellow" variant="light" title="Waiting for approval" role="status">
        <Stack gap="xs">
          <Text>
            Thank you. {business.name} is waiting for approval: a Kindred admin checks every new organisation
            before it can move money or be found by others.
          </Text>
          <Text>
            We will email {user?.email ?? 'you'} when it is approved. Meanwhile you can complete its profile
            and choose its sign-off admins.
          </Text>
          <Group gap="md">
            <Anchor component={Link} to="/organisation">
              Go to your organisation
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

/** `/organisation/register`: a signed-in person adds their organisation and becomes its Super Admin. */
export function RegisterOrganisationScreen() {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useRegisterOrganisation();
  const [created, setCreated] = useState<Business | null>(null);
  const form = useAccessibleForm<OrganisationFormValues>({
    initialValues: emptyOrganisationValues(),
    validate,
    validateInputOnBlur: true,
  });
  const server = useServerErrors(form, { formRef });

  const submit = form.onSubmit(
    async (values) => {
      server.clear();
      try {
        const business = await mutation.mutateAsync(toOrganisationBody(values));
        await reloadMemberships();
        session.setActiveAccount({ type: 'business', id: business.id });
        toast.success('Organisation added', `${business.name} is waiting for approval.`);
        setCreated(business);
      } catch (error) {
        server.report(error);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  if (created) return <Added business={created} />;
  return (
    <Page
      title="Add your organisation"
      description={
        <Text>
          Give as a company: you become its Super Admin, choose who signs off its donations, and it can give
          once a Kindred admin has approved it.
        </Text>
      }
    >
      <Paper p="lg" withBorder>
        <form ref={formRef} onSubmit={submit} noValidate aria-label="Add your organisation">
          <Stack gap="md">
            <FormRefusal title="Not added" message={server.refusal} />
            <OrganisationFields form={form} />
            <Group justify="flex-start">
              <Button type="submit" loading={mutation.isPending}>
                Add organisation
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Page>
  );
}
