import { type Charity, charityCreateBodySchema, REQUIRED_MESSAGE } from '@kindred/shared';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormRefusal } from '@/components/ui/form-refusal';
import { Page } from '@/components/ui/page';
import { toast } from '@/components/ui/toast';
import { reloadMemberships, session, useCurrentUser } from '@/entities/session';
import { focusFirstInvalid, schemaErrors, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useRegisterCharity } from '../api/register-charity';
import { type CharityFormValues, emptyCharityValues, toCharityCreateBody } from '../lib/charity-values';
import { CharityFields } from './charity-fields';

const SERVER_FIELDS: Record<string, string> = { latitude: 'city_id', longitude: 'city_id', city: 'city_id' };

function validate(values: CharityFormValues) {
  const errors = schemaErrors(charityCreateBodySchema, toCharityCreateBody(values));
  if (!values.name.trim()) errors.name = REQUIRED_MESSAGE;
  return errors;
}

function Registered({ charity }: { charity: Charity }) {
  const user = useCurrentUser();
  return (
    <Page title="Charity registered" size="sm">
      <Alert color="yellow" variant="light" title="Waiting for approval" role="status">
        <Stack gap="xs">
          <Text>
            Thank you. {charity.name} is waiting for approval: a Kindred admin checks every new charity before
            it appears to the public.
          </Text>
          <Text>
            We will email {user?.email ?? 'you'} when it is approved or if we need anything. Meanwhile you can
            complete its profile and prepare projects; they can be published once it is approved.
          </Text>
          <Group gap="md">
            <Anchor component={Link} to="/charity">
              Go to your charity
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

/** `/charity/register`: a signed-in person applies to add a charity; it waits for a platform admin. */
export function RegisterCharityScreen() {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useRegisterCharity();
  const [created, setCreated] = useState<Charity | null>(null);
  const form = useAccessibleForm<CharityFormValues>({
    initialValues: emptyCharityValues(),
    validate,
    validateInputOnBlur: true,
  });

  const server = useServerErrors(form, { fieldMap: SERVER_FIELDS, formRef });

  const submit = form.onSubmit(
    async (values) => {
      server.clear();
      try {
        const charity = await mutation.mutateAsync(toCharityCreateBody(values));
        await reloadMemberships();
        session.setActiveAccount({ type: 'charity', id: charity.id });
        toast.success('Charity registered', `${charity.name} is waiting for approval.`);
        setCreated(charity);
      } catch (error) {
        server.report(error);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  if (created) return <Registered charity={created} />;
  return (
    <Page
      title="Register a charity"
      description={
        <Text>
          Tell us about your charity. You become its admin, and it appears on Kindred once a Kindred admin has
          approved it.
        </Text>
      }
    >
      <Paper p="lg" withBorder>
        <form ref={formRef} onSubmit={submit} noValidate aria-label="Register a charity">
          <Stack gap="md">
            <FormRefusal title="Not registered" message={server.refusal} />
            <CharityFields form={form} />
            <Group justify="flex-start">
              <Button type="submit" loading={mutation.isPending}>
                Apply to register
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Page>
  );
}
