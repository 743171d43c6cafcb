import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { AccountProfileSection, type ProfileWords } from '@/entities/account';
import { publicCharityPath } from '@/entities/charity';
import { useDeleteCharity } from '../api/delete-charity';
import { useUpdateCharity } from '../api/update-charity';
import { useUploadCharityLogo } from '../api/upload-charity-logo';
import { charityForm } from './charity-fields';
import { useCharityContext } from './charity-layout';

/** `/charity`: logo, profile and, for its Super Admin, deletion. */
export function CharityProfileSection() {
  const { charity, access } = useCharityContext();
  const isPublic = charity.approval_status === 'approved' && !charity.lock_status;
  return (
    <AccountProfileSection
      account={charity}
      headingAction={
        isPublic ? (
          <Button component={Link} to={publicCharityPath(charity.id)} variant="subtle" size="compact-md">
            View public page
          </Button>
        ) : null
      }
      canEdit={access.canEditProfile}
      canDelete={access.isAdmin}
      words={WORDS}
      definition={charityForm}
      upload={useUploadCharityLogo()}
      update={useUpdateCharity()}
      remove={useDeleteCharity()}
    />
  );
}

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
