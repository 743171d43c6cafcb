import { imageUrl, PROJECT_STATUS, type Project, type ProjectDocument } from '@kindred/shared';
import { Anchor, Avatar, Badge, Button, Card, Group, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActionRefusal } from '@/components/ui/action-refusal';
import { Picture } from '@/components/ui/picture';
import { buttonColumn, ResponsiveTable } from '@/components/ui/responsive-table';
import { toast } from '@/components/ui/toast';
import { type ProjectAdmin, projectQueries } from '@/entities/project';
import { useCurrentUser } from '@/entities/session';
import { formatFileSize } from '@/lib/format';
import { useDeleteDocument } from '../api/delete-document';
import { useDeleteGalleryImage } from '../api/delete-gallery-image';
import { useRemoveProjectAdmin } from '../api/remove-project-admin';
import { useUploadDocument } from '../api/upload-document';
import { useUploadGalleryImage } from '../api/upload-gallery-image';
import { useUploadProjectLogo } from '../api/upload-project-logo';
import { ProjectFileUpload, ProjectListSection, ProjectSection } from './project-section';

const open = (project: Project) => project.status !== PROJECT_STATUS.cancelled;

/** The project's logo (PNG or JPEG, 10 MB). */
export function ProjectLogo({ project }: { project: Project }) {
  const upload = useUploadProjectLogo();
  return (
    <ProjectSection title="Logo" label="Project logo" gap="sm">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Avatar
          src={project.logo ? imageUrl(project.logo, 'medium') : null}
          alt={project.logo ? `Logo of ${project.title}` : undefined}
          size={96}
          radius="md"
          color="dark"
          variant="filled"
        >
          {project.title.charAt(0).toUpperCase()}
        </Avatar>
        <div style={{ flex: 1, minWidth: 240 }}>
          <ProjectFileUpload
            projectId={project.id}
            kind="logo"
            upload={upload}
            onUploaded={() => toast.success('Logo updated', 'The new logo is saved.')}
          />
        </div>
      </Group>
    </ProjectSection>
  );
}

/** Gallery: pictures with delete, and an upload with progress (PNG or JPEG, 20 MB). */
export function ProjectGallery({ project }: { project: Project }) {
  const images = useQuery(projectQueries.images(project.id));
  const upload = useUploadGalleryImage();
  const remove = useDeleteGalleryImage();
  const { refusal, attemptConfirmed } = useActionRefusal();

  const onDelete = async (imageId: number, index: number) => {
    const question = {
      title: 'Delete this picture?',
      message: `Picture ${index + 1} is removed from the gallery.`,
      confirmLabel: 'Delete picture',
      danger: true,
    };
    const deleted = await attemptConfirmed(question, 'Picture not deleted', () =>
      remove.mutateAsync({ projectId: project.id, imageId }),
    );
    if (deleted) toast.success('Picture deleted');
  };

  return (
    <ProjectListSection
      title="Gallery"
      intro="The first picture is the project's cover, on its page and in explore."
      refusal={refusal}
      query={images}
      loading="Loading the gallery…"
      failed="The pictures could not be loaded."
      empty="No pictures yet."
      adding={
        open(project) ? (
          <ProjectFileUpload
            projectId={project.id}
            kind="gallery"
            upload={upload}
            onUploaded={() => toast.success('Picture added', 'It is in the gallery.')}
          />
        ) : null
      }
    >
      {(items) => (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
          {items.map((image, index) => (
            <Card key={image.id} withBorder padding="xs">
              <Card.Section pos="relative">
                <Picture
                  src={image.url}
                  kind="gallery"
                  alt={image.caption ?? `Gallery picture ${index + 1}`}
                  width={240}
                  height={140}
                  fluid
                  sizes="(min-width: 62em) 240px, 50vw"
                />
                {index === 0 ? (
                  <Badge pos="absolute" top={8} left={8} color="dark" variant="filled">
                    Cover
                  </Badge>
                ) : null}
              </Card.Section>
              <Button
                mt="xs"
                size="xs"
                variant="default"
                c="red.9"
                aria-label={`Delete gallery picture ${index + 1}`}
                onClick={() => onDelete(image.id, index)}
              >
                Delete
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </ProjectListSection>
  );
}

/** Documents: list with download links and delete, and an upload with progress (20 MB). */
export function ProjectDocuments({ project }: { project: Project }) {
  const documents = useQuery(projectQueries.documents(project.id));
  const upload = useUploadDocument();
  const remove = useDeleteDocument();
  const { refusal, attemptConfirmed } = useActionRefusal();

  const onDelete = async (documentId: number, name: string) => {
    const question = {
      title: 'Delete this document?',
      message: `"${name}" is removed from the project.`,
      confirmLabel: 'Delete document',
      danger: true,
    };
    // A project with no charity yet is named with charity id 0 in the delete path.
    const deleted = await attemptConfirmed(question, 'Document not deleted', () =>
      remove.mutateAsync({ charityId: project.charity_id ?? 0, projectId: project.id, documentId }),
    );
    if (deleted) toast.success('Document deleted', name);
  };

  return (
    <ProjectListSection
      title="Documents"
      refusal={refusal}
      query={documents}
      loading="Loading documents…"
      failed="The documents could not be loaded."
      empty="No documents yet."
      adding={
        open(project) ? (
          <ProjectFileUpload
            projectId={project.id}
            kind="document"
            upload={upload}
            onUploaded={(file) => toast.success('Document added', file.name)}
          />
        ) : null
      }
    >
      {(items) => (
        <ResponsiveTable
          rows={items}
          rowKey={(document) => document.id}
          columns={[
            {
              header: 'Document',
              rowHeader: true,
              cell: (document) => (
                <Anchor href={document.url} target="_blank" rel="noopener">
                  {document.name}
                </Anchor>
              ),
            },
            { header: 'Size', cell: (document) => formatFileSize(document.size) },
            buttonColumn((document: ProjectDocument) => ({
              text: 'Delete',
              label: `Delete ${document.name}`,
              onClick: () => onDelete(document.id, document.name),
              danger: true,
            })),
          ]}
        />
      )}
    </ProjectListSection>
  );
}

/** The project's admins; removing one asks first. */
export function ProjectAdmins({ project }: { project: Project }) {
  const me = useCurrentUser();
  const admins = useQuery(projectQueries.admins(project.id));
  const remove = useRemoveProjectAdmin();
  const { refusal, attemptConfirmed } = useActionRefusal();

  const onRemove = async (userId: number, name: string) => {
    const self = userId === me?.id;
    const question = {
      title: self ? 'Step down as project admin?' : `Remove ${name}?`,
      message: self
        ? 'You stop being an admin of this project (charity project managers still manage it).'
        : `${name} stops being an admin of this project.`,
      confirmLabel: self ? 'Step down' : 'Remove admin',
      danger: true,
    };
    const removed = await attemptConfirmed(question, `${name} not removed`, () =>
      remove.mutateAsync({ projectId: project.id, userId }),
    );
    if (removed) toast.success('Admin removed', name);
  };

  return (
    <ProjectListSection
      title="Project admins"
      intro="The charity's admins and project managers manage every project of the charity as well."
      refusal={refusal}
      query={admins}
      loading="Loading admins…"
      failed="The admins could not be loaded."
      empty="This project has no admins of its own."
    >
      {(items) => (
        <ResponsiveTable
          rows={items}
          rowKey={(admin) => admin.user_id}
          columns={[
            { header: 'Name', rowHeader: true, cell: (admin) => `${admin.first_name} ${admin.last_name}` },
            { header: 'Email', cell: (admin) => admin.email },
            buttonColumn((admin: ProjectAdmin) => {
              const name = `${admin.first_name} ${admin.last_name}`;
              return {
                text: 'Remove',
                label: `Remove ${name}`,
                onClick: () => onRemove(admin.user_id, name),
                danger: true,
              };
            }),
          ]}
        />
      )}
    </ProjectListSection>
  );
}
