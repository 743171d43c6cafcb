import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FileUpload, type FileUploadProps } from '@/components/ui/file-upload';
import type { UploadInput } from '../lib/uploads';

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

export interface ProjectFileUploadProps extends Omit<FileUploadProps, 'onUpload'> {
  projectId: number;
  /** The upload call's mutation (the logo's, the gallery's, a document's, an impact picture's). */
  upload: { mutateAsync: (input: UploadInput) => Promise<unknown> };
  /** Once the file is saved (its toast). */
  onUploaded: (file: File) => void;
}

/** A file upload to one of the project's upload calls, with its progress, then `onUploaded`. */
export function ProjectFileUpload({ projectId, upload, onUploaded, ...props }: ProjectFileUploadProps) {
  return (
    <FileUpload
      {...props}
      onUpload={async (file, onProgress) => {
        await upload.mutateAsync({ projectId, file, onProgress });
        onUploaded(file);
      }}
    />
  );
}
