import type { Fundraiser } from '@kindred/shared';
import { Stack, Text } from '@mantine/core';
import { Dialog } from '@/components/ui/dialog';
import { FileUpload } from '@/components/ui/file-upload';
import { Picture } from '@/components/ui/picture';
import { toast } from '@/components/ui/toast';
import { pictureOf } from '@/entities/fundraiser';
import { useUploadFundraiserPicture } from '../api/upload-fundraiser-picture';
import { PICTURE_MAX_BYTES, PICTURE_MIME_TYPES } from '../lib/uploads';

/**
 * "Change picture": the page's own picture, uploaded with its progress; without one, the
 * project's cover (or the charity's logo) stands in.
 */
export function PictureDialog({ page, onClose }: { page: Fundraiser; onClose: () => void }) {
  const upload = useUploadFundraiserPicture();
  const shown = pictureOf(page);
  return (
    <Dialog title="Change the picture" onClose={onClose}>
      <Stack gap="md">
        {shown ? (
          <Picture src={shown.src} kind={shown.kind} alt="" width={400} height={225} fluid radius={4} />
        ) : null}
        <Text size="sm">
          {page.picture
            ? 'This is your page’s picture. A new one replaces it.'
            : `Your page shows ${page.project ? 'the project’s cover' : 'the charity’s logo'} until you add a picture of your own: you, your team, what you are doing.`}
        </Text>
        <FileUpload
          label="Page picture file"
          hint="PNG or JPEG, up to 20 MB."
          accept={PICTURE_MIME_TYPES}
          maxBytes={PICTURE_MAX_BYTES}
          buttonLabel="Choose picture"
          onUpload={async (file, onProgress) => {
            await upload.mutateAsync({ id: page.id, file, onProgress });
            toast.success('Picture saved', 'Your page shows it now.');
            onClose();
          }}
        />
      </Stack>
    </Dialog>
  );
}
