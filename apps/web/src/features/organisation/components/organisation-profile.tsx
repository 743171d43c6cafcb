import { AccountProfileSection, type ProfileWords } from '@/entities/account';
import { session } from '@/entities/session';
import { useDeleteOrganisation } from '../api/delete-organisation';
import { useUpdateOrganisation } from '../api/update-organisation';
import { useUploadOrganisationLogo } from '../api/upload-organisation-logo';
import { organisationForm } from './organisation-fields';
import { useOrganisationContext } from './organisation-layout';

const WORDS: ProfileWords = {
  noun: 'organisation',
  Noun: 'Organisation',
  readOnlyProfile: 'Only the organisation’s Super Admins and Admins edit its profile.',
  readOnlyLogo: 'Only the organisation’s Super Admins and Admins change its logo.',
  deleteConsequence:
    'The organisation leaves Kindred and its members lose access; their own accounts stay. This is refused while it holds money or has sub-businesses.',
  deleteRule:
    'An organisation that holds money (its wallet, credits or donations waiting for sign-off) or has sub-businesses cannot be deleted: give or move its money first.',
};

/** `/organisation`: logo, profile and, for its Super Admin, deletion. */
export function OrganisationProfileSection() {
  const { business, access } = useOrganisationContext();
  const upload = useUploadOrganisationLogo();
  const update = useUpdateOrganisation();
  const remove = useDeleteOrganisation();
  return (
    <AccountProfileSection
      words={WORDS}
      definition={organisationForm}
      account={business}
      canEdit={access.isAdmin}
      canDelete={access.isSuperAdmin}
      upload={upload}
      update={update}
      remove={remove}
      onDeleted={() => session.setActiveAccount({ type: 'individual' })}
    />
  );
}
