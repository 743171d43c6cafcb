import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EmbedSnippetSection } from '@/components/ui/embed-snippet';
import { AccountProfileSection, type ProfileWords } from '@/entities/account';
import { embedCharityPath, publicCharityPath } from '@/entities/charity';
import { useDeleteCharity } from '../api/delete-charity';
import { useUpdateCharity } from '../api/update-charity';
import { useUploadCharityLogo } from '../api/upload-charity-logo';
import { charityForm } from './charity-fields';
import { useCharityContext } from './charity-layout';

/** `/charity`: logo, profile and, for its Super Admin, deletion; the donate button for its website. */
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
      extra={
        <EmbedSnippetSection
          id="donate-button-heading"
          path={embedCharityPath(charity.id)}
          title={`Donate to ${charity.name}`}
        >
          <Text>
            Put a giving page for {charity.name} on your own website: visitors give to the charity directly,
            by card, without leaving your site or making an account, and their receipts come by email. Each
            project&rsquo;s screen has its own, for gifts to that project.
            {isPublic ? null : ' The page takes gifts while the charity is approved and not locked.'}
          </Text>
        </EmbedSnippetSection>
      }
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
