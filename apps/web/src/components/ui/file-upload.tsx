import '@mantine/dropzone/styles.css';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useId, useRef, useState } from 'react';
import { showCustomError } from '@/components/ui/toast';

export interface FileUploadProps {
  /** Accessible name of the file input, e.g. 'Gallery image file'. */
  label: string;
  /** What is accepted, e.g. 'PNG or JPEG, up to 20 MB.' */
  hint: string;
  accept: string[];
  maxBytes: number;
  /** Text of the button that opens the file chooser. */
  buttonLabel: string;
  /** Uploads one file, reporting progress from 0 to 100. */
  onUpload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  disabled?: boolean;
}

function rejectionMessage(rejections: FileRejection[], hint: string): string {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  if (codes.includes('file-too-large')) return `The file is too large. ${hint}`;
  if (codes.includes('file-invalid-type')) return `This type of file is not accepted. ${hint}`;
  if (codes.includes('too-many-files')) return 'Choose one file at a time.';
  return `This file cannot be used. ${hint}`;
}

/**
 * One file at a time (docs/product/files-and-mail.md#uploads): a drop zone, a button, and a
 * progress bar while it uploads.
 */
export function FileUpload({
  label,
  hint,
  accept,
  maxBytes,
  buttonLabel,
  onUpload,
  disabled,
}: FileUploadProps) {
  const hintId = useId();
  const openRef = useRef<() => void>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;

  const upload = async (file: File) => {
    setProgress(0);
    try {
      await onUpload(file, setProgress);
    } catch {
      // The API client showed the error toast.
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => {
          const file = files[0];
          if (file) void upload(file);
        }}
        onReject={(rejections) => showCustomError(rejectionMessage(rejections, hint))}
        accept={accept}
        maxSize={maxBytes}
        maxFiles={1}
        multiple={false}
        openRef={openRef}
        activateOnKeyboard={false}
        disabled={disabled || busy}
        inputProps={{ 'aria-label': label, 'aria-describedby': hintId }}
      >
        <Stack gap={4} align="center" py="sm" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <Text fw={600}>Drop the file to upload it</Text>
          </Dropzone.Accept>
          <Dropzone.Reject>
            <Text fw={600} c="red.9">
              This file is not accepted
            </Text>
          </Dropzone.Reject>
          <Dropzone.Idle>
            <Text fw={600}>Drag a file here</Text>
          </Dropzone.Idle>
          <Text size="sm" c="dimmed" id={hintId}>
            {hint}
          </Text>
        </Stack>
      </Dropzone>
      <Group justify="flex-start">
        <Button variant="default" onClick={() => openRef.current?.()} disabled={disabled || busy}>
          {buttonLabel}
        </Button>
      </Group>
      {busy ? (
        <Progress value={progress} aria-label={`${label} upload progress`} size="lg" striped animated />
      ) : null}
    </Stack>
  );
}
