import { imageUrl } from '@kindred/shared';
import { Avatar, Group, Stack, Text, Title } from '@mantine/core';
import { FileUpload } from '@/components/ui/file-upload';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { IMAGE_MIME_TYPES, LOGO_MAX_BYTES } from '@/lib/upload-limits';

export interface LogoSectionProps {
  /** The charity's or organisation's name: the initial shown without a logo, and the image's text. */
  name: string;
  logo: string | null;
  /** 'Charity logo file', 'Organisation logo file'. */
  fileLabel: string;
  canEdit: boolean;
  /** Said instead of the upload to those who may not change it. */
  readOnlyNote: string;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
}

/** The logo of a charity or organisation, with its upload (PNG or JPEG, checked again by the API). */
export function LogoSection({ name, logo, fileLabel, canEdit, readOnlyNote, upload }: LogoSectionProps) {
  return (
    <Stack gap="sm" component="section" aria-label="Logo">
      <Title order={2} size="h3">
        Logo
      </Title>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Avatar
          src={logo ? imageUrl(logo, 'medium') : null}
          alt={logo ? `Logo of ${name}` : undefined}
          size={96}
          radius="md"
          color="dark"
          variant="filled"
        >
          {name.charAt(0).toUpperCase()}
        </Avatar>
        {canEdit ? (
          <div style={{ flex: 1, minWidth: 240 }}>
            <FileUpload
              label={fileLabel}
              hint="PNG or JPEG, up to 10 MB."
              accept={IMAGE_MIME_TYPES}
              maxBytes={LOGO_MAX_BYTES}
              buttonLabel="Choose logo"
              onUpload={async (file, onProgress) => {
                await upload(file, onProgress);
                toast.success(SUCCESS_TOASTS.updateSuccessful.summary, 'The new logo is saved.');
              }}
            />
          </div>
        ) : (
          <Text>{readOnlyNote}</Text>
        )}
      </Group>
    </Stack>
  );
}
