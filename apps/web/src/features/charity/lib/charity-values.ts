import type { Charity, charityCreateBodySchema, charityUpdateBodySchema } from '@kindred/shared';
import type { z } from 'zod';
import { CURRENT_TOWN, townUpdate } from '@/entities/places';

/** What the forms send (the schemas' input: optional fields may be left out). */
export type CharityCreateInput = z.input<typeof charityCreateBodySchema>;
export type CharityUpdateInput = z.input<typeof charityUpdateBodySchema>;

export interface CharityFormValues {
  name: string;
  registration_number: string;
  charity_types: string[];
  description: string;
  website: string;
  email: string;
  phone: string;
  address: string;
  state_id: string | null;
  /** A town id, CURRENT_TOWN for the stored town, or null. */
  city_id: string | null;
  city: string;
  post_code: string;
}

export function emptyCharityValues(): CharityFormValues {
  return {
    name: '',
    registration_number: '',
    charity_types: [],
    description: '',
    website: '',
    email: '',
    phone: '',
    address: '',
    state_id: null,
    city_id: null,
    city: '',
    post_code: '',
  };
}

export function charityValues(charity: Charity): CharityFormValues {
  return {
    name: charity.name,
    registration_number: charity.registration_number ?? '',
    charity_types: charity.charity_types.map(String),
    description: charity.description ?? '',
    website: charity.website ?? '',
    email: charity.email ?? '',
    phone: charity.phone ?? '',
    address: charity.address ?? '',
    state_id: charity.state_id ? String(charity.state_id) : null,
    city_id: charity.city ? CURRENT_TOWN : null,
    city: charity.city ?? '',
    post_code: charity.post_code ?? '',
  };
}

const blankToNull = (value: string) => {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
};

/** A web address typed without its scheme gets https://. */
export function normaliseWebsite(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** What the create and the update send alike: the form's fields, trimmed, blanks as null. */
function charityFields(values: CharityFormValues) {
  return {
    name: values.name.trim(),
    registration_number: blankToNull(values.registration_number),
    charity_types: values.charity_types.map(Number),
    description: blankToNull(values.description),
    website: normaliseWebsite(values.website),
    email: blankToNull(values.email),
    phone: blankToNull(values.phone),
    address: blankToNull(values.address),
    post_code: blankToNull(values.post_code),
  };
}

/** PATCH /charity/{id} */
export function toCharityUpdateBody(values: CharityFormValues): CharityUpdateInput {
  return { ...charityFields(values), ...townUpdate(values.city_id) };
}

/** POST /user/add/charity */
export function toCharityCreateBody(values: CharityFormValues): CharityCreateInput {
  const body: CharityCreateInput = charityFields(values);
  if (values.city_id && values.city_id !== CURRENT_TOWN) body.city_id = Number(values.city_id);
  return body;
}
