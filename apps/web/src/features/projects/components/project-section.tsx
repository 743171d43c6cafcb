import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ActionRefusal, type useActionRefusal } from '@/components/ui/action-refusal';
import { FileUpload, type FileUploadProps } from '@/components/ui/file-upload';
import { type QueryLike, QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { IMAGE_MIME_TYPES, LOGO_MAX_BYTES } from '@/lib/upload-limits';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES, GALLERY_MAX_BYTES, type UploadInput } from '../lib/uploads';

/** One section of a project's admin screen (its logo, gallery, documents, admins or posts), under its heading. */
export function ProjectSection({
  title,
  label = title,
  gap = 'md',
  children,
}: {
  title: string;
  /** The section's accessible name, when it is not the heading. */
  label?: string;
  gap?: 'sm' | 'md';
  children: ReactNode;
}) {
  return (
    <Stack gap={gap} component="section" aria-label={label}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * A section that lists some of the project's things (its gallery, documents, admins): a note, the
 * refusal of the last removal, the list in its loading, failed and empty states, then what adds one.
 */
export function ProjectListSection<T>({
  title,
  intro,
  refusal,
  query,
  loading,
  failed,
  empty,
  children,
  adding,
}: {
  title: string;
  /** A note under the heading. */
  intro?: ReactNode;
  refusal: ReturnType<typeof useActionRefusal>['refusal'];
  query: QueryLike<{ items: T[] }>;
  loading: string;
  failed: string;
  /** What the empty list says. */
  empty: ReactNode;
  /** The list's view. */
  children: (items: T[]) => ReactNode;
  /** What adds one (an upload), after the list. */
  adding?: ReactNode;
}) {
  return (
    <ProjectSection title={title}>
      {intro ? (
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      ) : null}
      <ActionRefusal refusal={refusal} />
      <QueryState query={query} loading={loading} failed={failed} empty={<EmptyState>{empty}</EmptyState>}>
        {(data) => children(data.items)}
      </QueryState>
      {adding}
    </ProjectSection>
  );
}

/** The project's uploads (docs/product/files-and-mail.md#uploads): what each takes, its field and its button. */
const PROJECT_UPLOADS = {
  logo: {
    label: 'Project logo file',
    hint: 'PNG or JPEG, up to 10 MB.',
    accept: IMAGE_MIME_TYPES,
    maxBytes: LOGO_MAX_BYTES,
    buttonLabel: 'Choose logo',
  },
  gallery: {
    label: 'Gallery image file',
    hint: 'PNG or JPEG, up to 20 MB.',
    accept: IMAGE_MIME_TYPES,
    maxBytes: GALLERY_MAX_BYTES,
    buttonLabel: 'Add picture',
  },
  document: {
    label: 'Project document file',
    hint: 'Text, PDF, Word, PowerPoint or Excel, up to 20 MB.',
    accept: DOCUMENT_MIME_TYPES,
    maxBytes: DOCUMENT_MAX_BYTES,
    buttonLabel: 'Add document',
  },
  impact: {
    label: 'Impact picture file',
    hint: 'Adds a picture to this statement. PNG or JPEG, up to 20 MB.',
    accept: IMAGE_MIME_TYPES,
    maxBytes: GALLERY_MAX_BYTES,
    buttonLabel: 'Add picture',
  },
} satisfies Record<string, Omit<FileUploadProps, 'onUpload' | 'disabled'>>;

export interface ProjectFileUploadProps {
  projectId: number;
  /** Which of the project's uploads this is. */
  kind: keyof typeof PROJECT_UPLOADS;
  /** The upload call's mutation (the logo's, the gallery's, a document's, an impact picture's). */
  upload: { mutateAsync: (input: UploadInput) => Promise<unknown> };
  /** Once the file is saved (its toast). */
  onUploaded: (file: File) => void;
}

/** A file upload to one of the project's upload calls, with its progress, then `onUploaded`. */
export function ProjectFileUpload({ projectId, kind, upload, onUploaded }: ProjectFileUploadProps) {
  return (
    <FileUpload
      {...PROJECT_UPLOADS[kind]}
      onUpload={async (file, onProgress) => {
        await upload.mutateAsync({ projectId, file, onProgress });
        onUploaded(file);
      }}
    />
  );
}
