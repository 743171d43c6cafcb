import {
  imageUrl,
  isWholeNumberIn,
  MAX_BENEFICIARIES,
  PROJECT_STATUS,
  type Project,
  parseWholeNumber,
  REQUIRED_MESSAGE,
  wholeNumberMessage,
} from '@kindred/shared';
import { Card, Image, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { confirm } from '@/components/ui/confirm';
import { PagedList } from '@/components/ui/paged-list';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { TitledForm, type TitledFormProps } from '@/components/ui/titled-form';
import { toast } from '@/components/ui/toast';
import { WholeNumberInput } from '@/components/ui/whole-number-input';
import { projectQueries } from '@/entities/project';
import { focusFirstInvalid, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { showDate } from '@/lib/format';
import { usePostUpdate } from '../api/post-update';
import { usePublishImpact } from '../api/publish-impact';
import { useUploadImpactImage } from '../api/upload-impact-image';
import { ProjectFileUpload, ProjectSection } from './project-section';

/** Updates per page on the admin screen. */
const UPDATES_PAGE_SIZE = 10;

const required = (min: number) => (value: string) =>
  value.trim().length === 0
    ? REQUIRED_MESSAGE
    : value.trim().length < min
      ? `Use at least ${min} characters.`
      : null;

const when = showDate;

/** What `PostForm` uses of a form (Mantine's form has it). */
interface PostFields {
  getInputProps: (path: 'title' | 'body') => GetInputPropsReturnType;
}

/**
 * The form that writes one of the project's posts (an update, an impact statement): the post's
 * title and text, with a note above them and more fields after them.
 */
function PostForm({
  form,
  labels,
  intro,
  children,
  ...frame
}: Omit<TitledFormProps, 'children'> & {
  form: PostFields;
  labels: { title: string; body: string };
  /** A note above the fields. */
  intro?: ReactNode;
  /** More fields, after the text. */
  children?: ReactNode;
}) {
  return (
    <TitledForm variant="post" {...frame}>
      {intro}
      <TextInput label={labels.title} required {...form.getInputProps('title')} />
      <Textarea
        label={labels.body}
        required
        autosize
        minRows={3}
        maxRows={10}
        {...form.getInputProps('body')}
      />
      {children}
    </TitledForm>
  );
}

/** Post an update on a project, and its updates, newest first. */
export function ProjectUpdates({ project }: { project: Project }) {
  const formRef = useRef<HTMLFormElement>(null);
  const updates = useInfiniteQuery(projectQueries.updates(project.id, UPDATES_PAGE_SIZE));
  const post = usePostUpdate();
  const open = project.status !== PROJECT_STATUS.cancelled;
  const form = useAccessibleForm({
    initialValues: { title: '', body: '' },
    validate: { title: required(3), body: required(1) },
  });

  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    await post.mutateAsync({
      project_id: project.id,
      title: values.title.trim(),
      body: values.body.trim(),
    });
    toast.success('Update posted', 'Supporters can read it on the project page.');
    form.reset();
  });

  return (
    <Stack gap="lg">
      {open ? (
        <PostForm
          formRef={formRef}
          onSubmit={submit}
          title="Post an update"
          refusalTitle="Not posted"
          refusal={server.refusal}
          form={form}
          labels={{ title: 'Update title', body: 'Update' }}
          submitLabel="Post update"
          pending={post.isPending}
        />
      ) : (
        <Text>A Cancelled project takes no more updates.</Text>
      )}
      <ProjectSection title="Updates" gap="sm">
        <PagedList
          query={updates}
          loading="Loading updates…"
          failed="The updates could not be loaded."
          empty={<EmptyState>No updates yet. Tell supporters how the project is going.</EmptyState>}
          more="Show older updates"
        >
          {(items) =>
            items.map((item) => (
              <Card key={item.id} withBorder component="article" aria-label={item.title}>
                <Title order={3} size="h4">
                  {item.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {when(item.created_at)}
                </Text>
                <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                  {item.body}
                </Text>
              </Card>
            ))
          }
        </PagedList>
      </ProjectSection>
    </Stack>
  );
}

/** Impact statements: publishing one finishes the project; pictures go on the latest one. */
export function ProjectImpact({ project }: { project: Project }) {
  const formRef = useRef<HTMLFormElement>(null);
  const impacts = useQuery(projectQueries.impact(project.id));
  const publish = usePublishImpact();
  const uploadImage = useUploadImpactImage();
  const allowed = [2, 3, 9].includes(project.status);
  const form = useAccessibleForm<{ title: string; body: string; beneficiaries: number | string }>({
    initialValues: { title: '', body: '', beneficiaries: '' },
    validate: {
      title: required(3),
      body: required(1),
      beneficiaries: (value) =>
        String(value).trim() === '' || isWholeNumberIn(value, 0, MAX_BENEFICIARIES)
          ? null
          : wholeNumberMessage(0, MAX_BENEFICIARIES, 'people'),
    },
  });

  const server = useServerErrors(form, { formRef });
  const submit = form.onSubmit(
    async (values) => {
      server.clear();
      if (project.status !== PROJECT_STATUS.finished) {
        const ok = await confirm({
          title: 'Publish the impact statement?',
          message: 'Publishing it finishes the project: it stops taking donations.',
          confirmLabel: 'Publish statement',
        });
        if (!ok) return;
      }
      try {
        await publish.mutateAsync({
          projectId: project.id,
          title: values.title.trim(),
          body: values.body.trim(),
          beneficiaries:
            String(values.beneficiaries).trim() === '' ? null : parseWholeNumber(values.beneficiaries),
        });
        toast.success('Impact statement published', 'The project is Finished.');
        form.reset();
      } catch (error) {
        server.report(error);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  const items = impacts.data?.items ?? [];
  return (
    <Stack gap="lg">
      {allowed ? (
        <PostForm
          formRef={formRef}
          onSubmit={submit}
          title="Publish an impact statement"
          refusalTitle="Not published"
          refusal={server.refusal}
          form={form}
          labels={{ title: 'Statement title', body: 'Impact' }}
          submitLabel="Publish statement"
          pending={publish.isPending}
          intro={
            <Text size="sm" c="dimmed">
              Say what the project achieved. Publishing a statement finishes a Live or Completed project.
            </Text>
          }
        >
          <WholeNumberInput
            label="People helped"
            description="How many people benefited, if you know."
            maw={240}
            {...form.getInputProps('beneficiaries')}
          />
        </PostForm>
      ) : (
        <Text>Impact statements are for Live, Completed or Finished projects.</Text>
      )}
      <ProjectSection title="Impact statements" gap="sm">
        <QueryState
          query={impacts}
          loading="Loading impact statements…"
          failed="The impact statements could not be loaded."
          empty={<EmptyState>No impact statement yet.</EmptyState>}
        >
          {() =>
            items.map((item, index) => (
              <Card key={item.id} withBorder component="article" aria-label={item.title}>
                <Stack gap="xs">
                  <Title order={3} size="h4">
                    {item.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {when(item.created_at)}
                    {item.beneficiaries !== null
                      ? ` · ${item.beneficiaries.toLocaleString('en-GB')} people helped`
                      : ''}
                  </Text>
                  <Text style={{ whiteSpace: 'pre-wrap' }}>{item.body}</Text>
                  {item.images.length > 0 ? (
                    <SimpleGrid cols={{ base: 2, sm: 4 }}>
                      {item.images.map((src, picture) => (
                        <Image
                          key={src}
                          src={imageUrl(src, 'small')}
                          alt={`Picture ${picture + 1} of ${item.title}`}
                          radius="sm"
                        />
                      ))}
                    </SimpleGrid>
                  ) : null}
                  {index === 0 ? (
                    <ProjectFileUpload
                      projectId={project.id}
                      kind="impact"
                      upload={uploadImage}
                      onUploaded={() => toast.success('Picture added', `Added to "${item.title}".`)}
                    />
                  ) : null}
                </Stack>
              </Card>
            ))
          }
        </QueryState>
      </ProjectSection>
    </Stack>
  );
}
