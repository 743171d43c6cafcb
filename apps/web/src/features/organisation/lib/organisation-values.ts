import type { Business, BusinessCreateBody } from '@kindred/shared';

/** What the organisation's profile form holds: text as typed. */
export interface OrganisationFormValues {
  name: string;
  registration_number: string;
  description: string;
}

export const emptyOrganisationValues = (): OrganisationFormValues => ({
  name: '',
  registration_number: '',
  description: '',
});

export const organisationValues = (business: Business): OrganisationFormValues => ({
  name: business.name,
  registration_number: business.registration_number ?? '',
  description: business.description ?? '',
});

/** The body of POST /user/add/business and PATCH /business/{id}: blanks clear optional fields. */
export const toOrganisationBody = (values: OrganisationFormValues): BusinessCreateBody => ({
  name: values.name.trim(),
  registration_number: values.registration_number.trim() || null,
  description: values.description.trim() || null,
});
