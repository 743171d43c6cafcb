import { GENDERS, type GenderCode } from '../reference/index.js';

/* The account rules the screens need without the schemas (which bring zod with them). */

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export const GENDER_CODES = GENDERS.map((gender) => gender.id) as [GenderCode, ...GenderCode[]];

/** Charity numbers: England and Wales (6-7 digits), Scotland (SC + 6), Northern Ireland (NIC + 6). */
export const CHARITY_NUMBER_PATTERN = /^(?:\d{6,7}|SC\d{6}|NIC\d{6})$/i;

/** The most characters of a person's name, an email, and an organisation's name and description. */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const ORGANISATION_NAME_MAX_LENGTH = 200;
export const ORGANISATION_DESCRIPTION_MAX_LENGTH = 2000;
