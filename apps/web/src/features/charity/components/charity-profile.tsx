import { charityUpdateBodySchema } from '@kindred/shared';
import { Button } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { AccountProfileSection, type ProfileWords } from '@/entities/account';
import { publicCharityPath } from '@/entities/charity';
import { reloadMemberships } from '@/entities/session';
import { useDeleteCharity } from '../api/delete-charity';
import { useUpdateCharity } from '../api/update-charity';
import { useUploadCharityLogo } from '../api/upload-charity-logo';
import { charityValues, toCharityUpdateBody } from '../lib/charity-values';
import { CharityFields } from './charity-fields';
import { useCharityContext } from './charity-layout';

const WORDS: ProfileWords = {
  noun: 'charity',
  Noun: 'Charity',
  readOnlyProfile: "Only the charity's admins edit its profile.",
  readOnlyLogo: 'Only the charity’s admins change its logo.',
  deleteConsequence:
    'The charity leaves Kindred and its members lose access. This is refused while it holds funds or runs live projects.',
  deleteRule:
    'A charity that holds funds or runs live or completed projects cannot be deleted: pay out its funds and finish its projects first.',
};

/** The API names the town's point and name; the form has one town field. */
const SERVER_FIELDS: Record<string, string> = { latitude: 'city_id', longitude: 'city_id', city: 'city_id' };

/** `/charity`: logo, profile and, for its Super Admin, deletion. */
export function CharityProfileSection() {
  const { charity, access } = useCharityContext();
  const navigate = useNavigate();
  const upload = useUploadCharityLogo();
  const update = useUpdateCharity();
  const remove = useDeleteCharity();
  return (
    <AccountProfileSection
      words={WORDS}
      account={charity}
      canEdit={access.canEditProfile}
      canDelete={access.isAdmin}
      headingAction={
        charity.approval_status === 'approved' && !charity.lock_status ? (
          <Button component={Link} to={publicCharityPath(charity.id)} variant="subtle" size="compact-md">
            View public page
          </Button>
        ) : null
      }
      uploadLogo={(file, onProgress) => upload.mutateAsync({ id: charity.id, file, onProgress })}
      values={charityValues}
      schema={charityUpdateBodySchema}
      toBody={toCharityUpdateBody}
      update={update}
      fieldMap={SERVER_FIELDS}
      fields={(form) => <CharityFields form={form} />}
      remove={remove}
      onDeleted={async () => {
        await reloadMemberships();
        navigate('/', { replace: true });
      }}
    />
  );
}
