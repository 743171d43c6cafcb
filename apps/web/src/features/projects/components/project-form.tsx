import type { Project } from '@kindred/shared';
import { PROJECT_STATUS, PROJECT_TEXT_LIMITS } from '@kindred/shared';
import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { confirm } from '@/components/ui/confirm';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { DateField } from '@/components/ui/date-field';
import { FormRefusal } from '@/components/ui/form-refusal';
import { HeadedForm } from '@/components/ui/headed-form';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { CharityTypesInput } from '@/entities/charity';
import { FormPlaceInputs } from '@/entities/places';
import { isApiError } from '@/lib/api-client';
import { dateFieldProps, focusFirstInvalid, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useCreateProject } from '../api/create-project';
import { usePublishProject } from '../api/publish-project';
import { useUpdateProject } from '../api/update-project';
import {
  emptyProjectValues,
  type ProjectFormValues,
  projectValues,
  toProjectBody,
  validateProject,
} from '../lib/project-values';
import { NeedsEditor } from './needs-editor';

const SERVER_FIELDS: Record<string, string> = { latitude: 'city_id', longitude: 'city_id', city: 'city_id' };
const EDITABLE = [1, 2];

export interface ProjectFormProps {
  /** The charity a new project belongs to. */
  charityId: number;
  /** The project edited; none to create a Draft. */
  project?: Project;
  /** A new Draft was created. */
  onCreated?: (project: Project) => void;
  /** Charity types a new project starts with (its charity's). */
  defaultCharityTypes?: number[];
}

/** Create or edit a project: story, dates, place and needs. Drafts can be published from here. */
export function ProjectForm({ charityId, project, onCreated, defaultCharityTypes = [] }: ProjectFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const intent = useRef<'save' | 'publish'>('save');
  const [needsError, setNeedsError] = useState<string | null>(null);
  const [publishProblem, setPublishProblem] = useState<string | null>(null);
  const create = useCreateProject();
  const update = useUpdateProject();
  const publish = usePublishProject();
  const form = useAccessibleForm<ProjectFormValues>({
    initialValues: project
      ? projectValues(project)
      : { ...emptyProjectValues(), charity_types: defaultCharityTypes.map(String) },
    validate: validateProject,
    validateInputOnBlur: true,
  });
  const server = useServerErrors(form, { fieldMap: SERVER_FIELDS, formRef });
  const editable = !project || EDITABLE.includes(project.status);
  const busy = create.isPending || update.isPending || publish.isPending;

  const save = async (values: ProjectFormValues): Promise<Project | null> => {
    try {
      if (!project) {
        const created = await create.mutateAsync({
          ...toProjectBody(values),
          title: values.title.trim(),
          charity_id: charityId,
        });
        toast.success('Project created', 'It is saved as a Draft.');
        onCreated?.(created);
        return created;
      }
      if (!form.isDirty()) return project;
      const updated = await update.mutateAsync({ id: project.id, ...toProjectBody(values) });
      const next = projectValues(updated);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      if (intent.current === 'save')
        toast.success(SUCCESS_TOASTS.updateSuccessful.summary, 'The project is saved.');
      return updated;
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.needs) setNeedsError(error.fieldErrors.needs);
      server.report(error);
      return null;
    }
  };

  const doPublish = async (values: ProjectFormValues) => {
    if (!project) return;
    const ok = await confirm({
      title: 'Publish this project?',
      message: 'It goes live on Kindred: people can find it and give to it.',
      confirmLabel: 'Publish',
    });
    if (!ok) return;
    const saved = await save(values);
    if (!saved) return;
    try {
      await publish.mutateAsync(project.id);
      setPublishProblem(null);
      toast.success('Project published', 'It is live on Kindred.');
    } catch (error) {
      if (!isApiError(error)) return;
      setNeedsError(error.fieldErrors.needs ?? null);
      // The fields get their messages; the refusal is the "Not ready to publish" alert.
      server.report(error);
      server.clear();
      setPublishProblem(error.message);
    }
  };

  const submit = form.onSubmit(
    async (values) => {
      setNeedsError(null);
      setPublishProblem(null);
      server.clear();
      if (intent.current === 'publish') await doPublish(values);
      else await save(values);
    },
    () => focusFirstInvalid(formRef.current),
  );

  const submitAs = (which: 'save' | 'publish') => () => {
    intent.current = which;
  };

  return (
    <HeadedForm
      formRef={formRef}
      onSubmit={submit}
      title={project ? 'Project details' : 'New project'}
      gap="lg"
    >
      {!editable ? (
        <Alert color="gray" variant="light" title="Read only">
          A project that is Completed, Finished or Cancelled cannot be edited. Clone it to start a new one.
        </Alert>
      ) : null}
      <FormRefusal message={server.refusal} />
      {publishProblem ? (
        <Alert color="red" variant="light" title="Not ready to publish" role="alert">
          {publishProblem} Publishing needs a title, a description, an end date today or later and at least
          one need.
        </Alert>
      ) : null}
      <Fieldset legend="About the project" disabled={!editable}>
        <Stack gap="md">
          <TextInput
            label="Title"
            required
            maxLength={PROJECT_TEXT_LIMITS.title}
            {...form.getInputProps('title')}
          />
          <CountedTextarea
            label="Summary"
            description="One or two sentences shown on cards."
            autosize
            minRows={2}
            maxRows={4}
            maxLength={PROJECT_TEXT_LIMITS.summary}
            {...form.getInputProps('summary')}
          />
          <CountedTextarea
            label="Description"
            description="The story: what the project does and why it matters. Needed to publish."
            autosize
            minRows={4}
            maxRows={14}
            maxLength={PROJECT_TEXT_LIMITS.description}
            {...form.getInputProps('description')}
          />
          <CharityTypesInput
            value={form.values.charity_types}
            onChange={(value) => form.setFieldValue('charity_types', value)}
            error={form.errors.charity_types}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField label="Start date" {...dateFieldProps(form, 'start_date')} />
            <DateField
              label="End date"
              description="mm/dd/yy; needed to publish."
              {...dateFieldProps(form, 'end_date')}
            />
          </SimpleGrid>
          <FormPlaceInputs form={form} />
        </Stack>
      </Fieldset>
      <NeedsEditor form={form} needsError={needsError} disabled={!editable} />
      {editable ? (
        <Group justify="flex-start">
          <Button
            type="submit"
            variant={project?.status === PROJECT_STATUS.draft ? 'default' : 'filled'}
            loading={busy && intent.current === 'save'}
            onClick={submitAs('save')}
          >
            {project ? 'Save changes' : 'Create project'}
          </Button>
          {project?.status === PROJECT_STATUS.draft ? (
            <Button
              type="submit"
              loading={busy && intent.current === 'publish'}
              onClick={submitAs('publish')}
            >
              Publish
            </Button>
          ) : null}
        </Group>
      ) : null}
    </HeadedForm>
  );
}
