import { ADMIN_TYPE, PROJECT_STATUS } from '@kindred/shared';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormRefusal } from '@/components/ui/form-refusal';
import { HeadedForm } from '@/components/ui/headed-form';
import { Page } from '@/components/ui/page';
import { FailedState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { charityQueries } from '@/entities/charity';
import { CREATED_PARAM, fundraiserPath } from '@/entities/fundraiser';
import { projectQueries } from '@/entities/project';
import { useSessionState } from '@/entities/session';
import { isApiError } from '@/lib/api-client';
import { submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { todayIso } from '@/lib/format';
import { useCreateFundraiser } from '../api/create-fundraiser';
import {
  emptyFundraiserValues,
  type FundraiserValues,
  suggestedEndDate,
  toCreateBody,
  validateFundraiser,
} from '../lib/fundraiser-form';
import { FundraiserFields } from './fundraiser-fields';

/** A positive whole id from the query string, or null. */
function idOf(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** What a page raises money for, as the form says it, and whether it takes pages now. */
interface Cause {
  body: { project_id: number } | { charity_id: number };
  /** 'Clean-up of the river banks, a project of River Trust'. */
  name: ReactNode;
  /** Why no page can be opened for it now, or null. */
  closed: string | null;
  projectEnd: string | null;
}

function useCause(projectId: number | null, charityId: number | null) {
  const project = useQuery({ ...projectQueries.detail(projectId ?? 0), enabled: projectId !== null });
  const charity = useQuery({
    ...charityQueries.detail(charityId ?? 0),
    enabled: projectId === null && charityId !== null,
  });
  if (projectId !== null) {
    const data = project.data;
    return {
      query: project,
      cause: data
        ? ({
            body: { project_id: data.id },
            name: (
              <>
                <Anchor component={Link} to={`/projects/${data.id}`}>
                  {data.title}
                </Anchor>
                {data.charity ? `, a project of ${data.charity.name}` : ''}
              </>
            ),
            closed:
              data.status === PROJECT_STATUS.live
                ? null
                : 'This project is not taking gifts now, so no fundraising page can be opened for it.',
            projectEnd: data.end_date,
          } satisfies Cause)
        : null,
    };
  }
  const data = charity.data;
  return {
    query: charity,
    cause: data
      ? ({
          body: { charity_id: data.id },
          name: (
            <Anchor component={Link} to={`/charities/${data.id}`}>
              {data.name}
            </Anchor>
          ),
          closed: data.lock_status
            ? 'This charity is not taking gifts now, so no fundraising page can be opened for it.'
            : null,
          projectEnd: null,
        } satisfies Cause)
      : null,
  };
}

/** The teams a person may raise money for: their groups, and the organisations they run. */
function useTeams() {
  const state = useSessionState();
  return {
    groups: state.groupMembership.map((m) => ({ value: String(m.group_id), label: m.name })),
    businesses: state.businessMembership
      .filter((m) => m.admin_type === ADMIN_TYPE.superAdmin || m.admin_type === ADMIN_TYPE.admin)
      .map((m) => ({ value: String(m.business_id), label: m.name })),
  };
}

function NewFundraiserForm({ cause, today, group }: { cause: Cause; today: string; group: number | null }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const teams = useTeams();
  // A team's "Start a page" names its group: chosen already when the person belongs to it.
  const named = teams.groups.find((g) => g.value === String(group))?.value;
  const mutation = useCreateFundraiser();
  const form = useAccessibleForm<FundraiserValues>({
    initialValues: {
      ...emptyFundraiserValues(suggestedEndDate(today, cause.projectEnd)),
      // One team or one organisation to choose from: it is chosen already.
      ...(named ? { for: 'group' as const } : {}),
      group_id: named ?? (teams.groups.length === 1 ? (teams.groups[0]?.value ?? '') : ''),
      business_id:
        named === undefined && teams.businesses.length === 1 ? (teams.businesses[0]?.value ?? '') : '',
    },
    validate: (values) => validateFundraiser(values, { today }),
  });
  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    const page = await mutation.mutateAsync(toCreateBody(values, cause.body));
    toast.success('Your page is ready', 'Add a picture, then share it with your friends.');
    navigate(`${fundraiserPath(page.id)}?${CREATED_PARAM}=1`);
  });
  return (
    <Paper p="lg" withBorder>
      <HeadedForm formRef={formRef} onSubmit={submit} title="Your page">
        <FormRefusal message={server.refusal} title="Not opened" />
        <FundraiserFields form={form} today={today} teams={teams} />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            Open the page
          </Button>
        </Group>
      </HeadedForm>
    </Paper>
  );
}

/**
 * `/fundraisers/new?project=ID` or `?charity=ID` (and `&group=ID` from a team's page): a person opens a fundraising page for a Live
 * project or a charity (docs/product/fundraising-pages.md), alone, for a team or an organisation;
 * then their page, with a prompt to add a picture and share it.
 */
export function NewFundraiserScreen() {
  const [params] = useSearchParams();
  const [today] = useState(todayIso);
  const projectId = idOf(params.get('project'));
  const charityId = projectId === null ? idOf(params.get('charity')) : null;
  const group = idOf(params.get('group'));
  const { query, cause } = useCause(projectId, charityId);
  const missing = projectId === null && charityId === null;
  const unknown = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  let body: ReactNode;
  if (missing || unknown) {
    body = (
      <Text>
        {missing
          ? 'A fundraising page raises money for a project or a charity: start one from its page. '
          : 'That project or charity does not exist or is not public. '}
        <Anchor component={Link} to="/explore">
          Explore projects
        </Anchor>
        .
      </Text>
    );
  } else if (query.isError) {
    body = <FailedState title="The cause could not be loaded" error={query.error} onRetry={query.refetch} />;
  } else if (!cause) {
    body = <LoadingState label="Loading…" />;
  } else {
    body = (
      <Stack gap="lg">
        <Text>For {cause.name}. Every gift through your page goes to it, and counts toward your target.</Text>
        {cause.closed ? (
          <Text role="status">{cause.closed}</Text>
        ) : (
          <NewFundraiserForm cause={cause} today={today} group={group} />
        )}
      </Stack>
    );
  }
  return (
    <Page title="Start a fundraiser" size="sm">
      {body}
    </Page>
  );
}
