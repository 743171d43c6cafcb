import type { Fundraiser } from '@kindred/shared';
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormRefusal } from '@/components/ui/form-refusal';
import { HeadedForm } from '@/components/ui/headed-form';
import { Page } from '@/components/ui/page';
import { toast } from '@/components/ui/toast';
import { fundraiserPath, fundraiserQueries, hasEnded } from '@/entities/fundraiser';
import { submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { todayIso } from '@/lib/format';
import { useUpdateFundraiser } from '../api/update-fundraiser';
import {
  type FundraiserValues,
  fundraiserValues,
  toUpdateBody,
  validateFundraiser,
} from '../lib/fundraiser-form';
import { FundraiserFields } from './fundraiser-fields';
import { FundraiserNotReady, idParam } from './fundraiser-states';

function EditFundraiserForm({ page, today }: { page: Fundraiser; today: string }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useUpdateFundraiser();
  const form = useAccessibleForm<FundraiserValues>({
    initialValues: fundraiserValues(page),
    validate: (values) => validateFundraiser(values, { today, unchangedEndDate: page.end_date }),
  });
  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    const body = toUpdateBody(values, page);
    if (Object.keys(body).length > 0) {
      await mutation.mutateAsync({ id: page.id, body });
      toast.success('Page saved');
    }
    navigate(fundraiserPath(page.id));
  });
  return (
    <Paper p="lg" withBorder>
      <HeadedForm formRef={formRef} onSubmit={submit} title="Your page">
        <FormRefusal message={server.refusal} />
        <FundraiserFields form={form} today={today} endedOn={hasEnded(page, today) ? page.end_date : null} />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            Save
          </Button>
          <Anchor component={Link} to={fundraiserPath(page.id)}>
            Cancel
          </Anchor>
        </Group>
      </HeadedForm>
    </Paper>
  );
}

/** `/fundraisers/:id/edit`: its fundraiser edits the page's title, story, target and end date. */
export function EditFundraiserScreen() {
  const { id } = useParams();
  const pageId = idParam(id);
  const [today] = useState(todayIso);
  const page = useQuery({ ...fundraiserQueries.detail(pageId ?? 0), enabled: pageId !== null });
  if (pageId === null || !page.isSuccess) {
    return <FundraiserNotReady title="Edit the page" missing={pageId === null} query={page} />;
  }
  const data = page.data;
  return (
    <Page title="Edit the page" size="sm" description={<Text>{data.title}</Text>}>
      {data.can_edit ? (
        <EditFundraiserForm key={data.id} page={data} today={today} />
      ) : (
        <Text role="status">
          {'Only the person who opened this page can edit it. '}
          <Anchor component={Link} to={fundraiserPath(data.id)}>
            Back to the page
          </Anchor>
          .
        </Text>
      )}
    </Page>
  );
}
