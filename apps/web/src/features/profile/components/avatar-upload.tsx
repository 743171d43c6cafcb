import '@mantine/dropzone/styles.css';
import { imageUrl, type User } from '@kindred/shared';
import { Avatar, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useEffect, useId, useRef, useState } from 'react';
import { SUCCESS_TOASTS, showCustomError, toast } from '@/components/ui/toast';
import { session } from '@/entities/session';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, useUploadAvatar } from '../api/upload-avatar';

function rejectionMessage(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  if (codes.includes('file-too-large')) return 'The image is larger than 10 MB. Choose a smaller one.';
  if (codes.includes('file-invalid-type')) return 'Choose a PNG or JPEG image.';
  if (codes.includes('too-many-files')) return 'Choose one image at a time.';
  return 'This file cannot be used as an avatar.';
}

/**
 * Avatar upload (docs/product/files-and-mail.md#uploads): png or jpeg up to 10 MB, one file, with
 * progress and a preview.
 */
export function AvatarUpload({ user }: { user: User }) {
  const headingId = useId();
  const hintId = useId();
  const openRef = useRef<() => void>(null);
  const mutation = useUploadAvatar();
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const upload = async (file: File) => {
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const { user: updated } = await mutation.mutateAsync({ id: user.id, file, onProgress: setProgress });
      session.updateUser(updated);
      setPreview(null);
      toast.success(SUCCESS_TOASTS.updateSuccessful.summary, 'Your new avatar is saved.');
    } catch {
      setPreview(null);
    } finally {
      setProgress(null);
    }
  };

  const current = preview ?? (user.avatar ? imageUrl(user.avatar, 'medium') : null);
  const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          Avatar
        </Title>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Avatar
            src={current}
            alt={preview ? 'Preview of your new avatar' : 'Your avatar'}
            size={96}
            radius={96}
            color="dark"
            variant="filled"
          >
            {initials}
          </Avatar>
          <Stack gap="xs" style={{ flex: 1, minWidth: 240 }}>
            <Dropzone
              onDrop={(files) => {
                const file = files[0];
                if (file) void upload(file);
              }}
              onReject={(rejections) => showCustomError(rejectionMessage(rejections))}
              accept={AVATAR_MIME_TYPES}
              maxSize={AVATAR_MAX_BYTES}
              maxFiles={1}
              multiple={false}
              openRef={openRef}
              activateOnKeyboard={false}
              disabled={mutation.isPending}
              inputProps={{ 'aria-label': 'Avatar image file', 'aria-describedby': hintId }}
            >
              <Stack gap={4} align="center" py="md" style={{ pointerEvents: 'none' }}>
                <Dropzone.Accept>
                  <Text fw={600}>Drop the image to upload it</Text>
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <Text fw={600} c="red.9">
                    PNG or JPEG up to 10 MB only
                  </Text>
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <Text fw={600}>Drag an image here</Text>
                </Dropzone.Idle>
                <Text size="sm" c="dimmed" id={hintId}>
                  PNG or JPEG, up to 10 MB.
                </Text>
              </Stack>
            </Dropzone>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => openRef.current?.()} disabled={mutation.isPending}>
                Choose image
              </Button>
            </Group>
            {progress !== null ? (
              <Progress value={progress} aria-label="Upload progress" size="lg" striped animated />
            ) : null}
          </Stack>
        </Group>
      </Stack>
    </section>
  );
}
