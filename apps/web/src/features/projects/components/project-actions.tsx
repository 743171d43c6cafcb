import { PROJECT_STATUS, type Project } from '@kindred/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionRefusal, useActionRefusal } from '@/components/ui/action-refusal';
import { DateField } from '@/components/ui/date-field';
import { DialogForm } from '@/components/ui/dialog-form';
import { toast } from '@/components/ui/toast';
import { serverErrorsOf } from '@/lib/form';
import { showDate } from '@/lib/format';
import { useCancelProject } from '../api/cancel-project';
import { useCloneProject } from '../api/clone-project';
import { useCompleteProject } from '../api/complete-project';
import { useDeleteProject } from '../api/delete-project';
import { useExtendProject } from '../api/extend-project';

/** The toasts of the project actions (docs/product/limits-and-messages.md#messages-users-see). */
export const PROJECT_TOASTS = {
  cancelled: 'Project cancelled',
  extended: 'Project extended',
  cloned: 'Project cloned',
} as const;

const { live, draft, finished } = PROJECT_STATUS;

function canExtend(project: Project) {
  return project.status === live || (project.status === finished && project.finished_reason === 'end_date');
}

/** Extend: a new end date after today and after the current one; the project is Live again. */
function ExtendDialog({
  project,
  opened,
  onClose,
}: {
  project: Project;
  opened: boolean;
  onClose: () => void;
}) {
  const extend = useExtendProject();
  const [endDate, setEndDate] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const today = dayjs().format('YYYY-MM-DD');
  const earliest = project.end_date && project.end_date > today ? project.end_date : today;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!endDate) {
      setError('Choose the new end date.');
      inputRef.current?.focus();
      return;
    }
    if (endDate <= earliest) {
      setError(`Choose a date after ${showDate(earliest)}.`);
      inputRef.current?.focus();
      return;
    }
    setRefusal(null);
    try {
      await extend.mutateAsync({ id: project.id, end_date: endDate });
      toast.success(PROJECT_TOASTS.extended, `It now ends on ${showDate(endDate)}.`);
      setEndDate(null);
      setError(null);
      onClose();
    } catch (caught) {
      const { fields, refusal: message } = serverErrorsOf(caught, { end_date: endDate });
      setError(fields.end_date ? String(fields.end_date) : null);
      setRefusal(message);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Extend the project" size="sm" centered>
      <DialogForm
        onSubmit={submit}
        label="Extend the project"
        actions={{ submitLabel: 'Extend', pending: extend.isPending, onCancel: onClose }}
        refusal={refusal}
        refusalTitle="Not extended"
      >
        <Text size="sm">Choose a new end date. The project stays Live (or goes Live again) until then.</Text>
        <DateField
          ref={inputRef}
          label="New end date"
          required
          withAsterisk={false}
          minDate={dayjs(earliest).add(1, 'day').format('YYYY-MM-DD')}
          value={endDate}
          onChange={(value) => {
            setEndDate(value);
            setError(null);
          }}
          error={error}
          aria-invalid={error ? true : undefined}
          popoverProps={{ withinPortal: false }}
        />
      </DialogForm>
    </Modal>
  );
}

/** Complete, cancel, extend, clone and delete, each behind a confirm dialog. */
export function ProjectActions({ project }: { project: Project }) {
  const navigate = useNavigate();
  const [extendOpen, setExtendOpen] = useState(false);
  const complete = useCompleteProject();
  const cancel = useCancelProject();
  const clone = useCloneProject();
  const remove = useDeleteProject();
  // The calls are silent: a refusal shows under the buttons until the next action.
  const { refusal, attemptConfirmed } = useActionRefusal();

  const onComplete = async () => {
    const question = {
      title: 'Complete this project?',
      message: "Its funds move to the charity's funds and it stops taking donations. This cannot be undone.",
      confirmLabel: 'Complete project',
      cancelLabel: 'Not now',
    };
    if (await attemptConfirmed(question, 'Not completed', () => complete.mutateAsync(project.id)))
      toast.success('Project completed', "Its funds moved to the charity's funds.");
  };

  const onCancel = async () => {
    const question = {
      title: 'Cancel this project?',
      message: 'It leaves Kindred and donors get their funds back. This cannot be undone.',
      confirmLabel: 'Cancel project',
      cancelLabel: 'Keep project',
      danger: true,
    };
    if (await attemptConfirmed(question, 'Not cancelled', () => cancel.mutateAsync(project.id)))
      toast.success(PROJECT_TOASTS.cancelled, 'Donors get their funds back.');
  };

  const onClone = async () => {
    const question = {
      title: 'Clone this project?',
      message: 'A copy with the same story and needs is saved as a new Draft.',
      confirmLabel: 'Clone',
    };
    await attemptConfirmed(question, 'Not cloned', async () => {
      const copy = await clone.mutateAsync(project.id);
      toast.success(PROJECT_TOASTS.cloned, `"${copy.title}" is a new Draft.`);
      navigate(`/charity/projects/${copy.id}`);
    });
  };

  const onDelete = async () => {
    const question = {
      title: 'Delete this draft?',
      message: 'The draft and its content are deleted. This cannot be undone.',
      confirmLabel: 'Delete draft',
      cancelLabel: 'Keep draft',
      danger: true,
    };
    await attemptConfirmed(question, 'Not deleted', async () => {
      await remove.mutateAsync({ id: project.id, charityId: project.charity_id });
      toast.success('Project deleted', `"${project.title}" was deleted.`);
      navigate('/charity/projects', { replace: true });
    });
  };

  return (
    <Stack gap="sm">
      <ActionRefusal refusal={refusal} />
      <Group gap="sm" wrap="wrap" role="group" aria-label="Project actions">
        {canExtend(project) ? (
          <Button variant="default" onClick={() => setExtendOpen(true)}>
            Extend
          </Button>
        ) : null}
        {project.status === live ? (
          <Button variant="default" onClick={onComplete} loading={complete.isPending}>
            Complete
          </Button>
        ) : null}
        <Button variant="default" onClick={onClone} loading={clone.isPending}>
          Clone
        </Button>
        {project.status === draft || project.status === live ? (
          <Button variant="default" c="red.9" onClick={onCancel} loading={cancel.isPending}>
            Cancel project
          </Button>
        ) : null}
        {project.status === draft ? (
          <Button variant="default" c="red.9" onClick={onDelete} loading={remove.isPending}>
            Delete draft
          </Button>
        ) : null}
        <ExtendDialog project={project} opened={extendOpen} onClose={() => setExtendOpen(false)} />
      </Group>
    </Stack>
  );
}
