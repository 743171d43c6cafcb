import { z } from 'zod';
import { placeIdSchema } from '../common/pagination.js';
import { REGISTRATION_NUMBER_PATTERN } from '../validation/index.js';
import {
  CHARITY_NUMBER_PATTERN,
  EMAIL_MAX_LENGTH,
  GENDER_CODES,
  NAME_MAX_LENGTH,
  ORGANISATION_DESCRIPTION_MAX_LENGTH,
  ORGANISATION_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.js';

const trimmed = (max: number) => z.string().trim().max(max);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ message: 'Enter a valid email address.' }));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `Use at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH);

const nameSchema = trimmed(NAME_MAX_LENGTH).min(1);

/** POST /auth/login */
export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /auth/register: an individual. */
export const registerBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  first_name: nameSchema,
  last_name: nameSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** POST /user/register: a person who also applies to add their charity or organisation. */
export const registerWithOrganisationBodySchema = registerBodySchema
  .extend({
    account_type: z.enum(['charity', 'business']),
    organisation: z.object({
      name: trimmed(ORGANISATION_NAME_MAX_LENGTH).min(2),
      registration_number: trimmed(20)
        .optional()
        .transform((value) => value || undefined),
      description: trimmed(ORGANISATION_DESCRIPTION_MAX_LENGTH).optional(),
    }),
  })
  .superRefine((body, check) => {
    const number = body.organisation.registration_number;
    if (!number) return;
    const [pattern, message] =
      body.account_type === 'business'
        ? [REGISTRATION_NUMBER_PATTERN, 'Use two letters and six digits, or eight digits.']
        : [CHARITY_NUMBER_PATTERN, 'Enter a registered charity number, like 1234567 or SC012345.'];
    if (!pattern.test(number)) {
      check.addIssue({ code: 'custom', path: ['organisation', 'registration_number'], message });
    }
  });
export type RegisterWithOrganisationBody = z.infer<typeof registerWithOrganisationBodySchema>;

/** POST /auth/password_reset/confirm */
export const passwordResetConfirmBodySchema = z.object({
  token: z.string().min(10).max(200),
  password: passwordSchema,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

const isoDate = z.iso.date({ message: 'Use the date format YYYY-MM-DD.' });

/** PATCH /user/update: every field optional; null clears an optional field. */
export const userUpdateBodySchema = z
  .object({
    first_name: nameSchema,
    last_name: nameSchema,
    address: trimmed(300).nullable(),
    national_insurance_number: trimmed(20).nullable(),
    gender: z.enum(GENDER_CODES).nullable(),
    birth_date: isoDate.nullable(),
    phone: trimmed(30)
      .regex(/^\+?[0-9 ()-]{6,30}$/, { message: 'Enter a valid phone number.' })
      .nullable()
      .or(z.literal('').transform(() => null)),
    state_id: placeIdSchema.nullable(),
    city: trimmed(100).nullable(),
    post_code: trimmed(10)
      .regex(/^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/, { message: 'Enter a valid UK post code.' })
      .nullable()
      .or(z.literal('').transform(() => null)),
    user_description: trimmed(2000).nullable(),
    tax_refund: z.boolean(),
    is_public: z.boolean(),
  })
  .partial()
  .strict();
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

/** PATCH /user/password */
export const passwordChangeBodySchema = z.object({
  current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  password: passwordSchema,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/** POST /user/email */
export const emailChangeBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;

/** DELETE /user/{id} */
export const deleteAccountBodySchema = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
