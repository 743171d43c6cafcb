import { z } from 'zod';
import { itemsSchema, personFields } from '../common/fields.js';
import { optionalText } from '../common/text.js';

const name = z.string().trim().min(1).max(100);
const description = optionalText(1000);
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** POST /business/{id}/employees-group (a group), POST /business/{id}/employees-group/{groupId} (a sub-group). */
export const employeeGroupBodySchema = z.object({ name, description }).strict();
export type EmployeeGroupBody = z.infer<typeof employeeGroupBodySchema>;
/** PATCH of a group or sub-group: rename or describe it. */
export const employeeGroupPatchSchema = z.object({ name: name.optional(), description }).strict();
export type EmployeeGroupPatch = z.infer<typeof employeeGroupPatchSchema>;

export const employeeSubGroupSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  member_count: z.number().int(),
});
export type EmployeeSubGroup = z.infer<typeof employeeSubGroupSchema>;

export const employeeGroupSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  sub_groups: z.array(employeeSubGroupSchema),
});
export type EmployeeGroup = z.infer<typeof employeeGroupSchema>;

export const employeeGroupsSchema = itemsSchema(employeeGroupSchema);

export const subGroupMemberSchema = z.object({
  ...personFields(),
  email: z.string(),
  admin_type: z.number().int(),
  added_at: z.string(),
});
export type SubGroupMember = z.infer<typeof subGroupMemberSchema>;
export const subGroupMembersSchema = itemsSchema(subGroupMemberSchema);

/** POST .../users and .../users/delete */
export const subGroupUsersBodySchema = z
  .object({ user_ids: z.array(id).min(1, { message: 'Choose at least one person.' }).max(500) })
  .strict();
export type SubGroupUsersBody = z.infer<typeof subGroupUsersBodySchema>;

/**
 * CSV onboarding (docs/product/organisations.md#employee-groups-and-the-csv-upload): the columns of
 * the file, in the template's order.
 */
export const CSV_ONBOARDING_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'employee_group',
  'sub_group',
  'admin_type',
] as const;
/** The most rows one file may hold. */
export const CSV_ONBOARDING_MAX_ROWS = 5000;

export const CSV_ROW_OUTCOMES = ['created', 'invited', 'already_member', 'already_invited', 'error'] as const;
export type CsvRowOutcome = (typeof CSV_ROW_OUTCOMES)[number];

export const csvRowReportSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  row: z.number().int(),
  email: z.string(),
  outcome: z.enum(CSV_ROW_OUTCOMES),
  /** Why a row was skipped (bad email, unknown group, duplicate row...). */
  error: z.string().nullable(),
});
export type CsvRowReport = z.infer<typeof csvRowReportSchema>;

export const csvUploadReportSchema = z.object({
  rows: z.array(csvRowReportSchema),
  totals: z.object({
    created: z.number().int(),
    invited: z.number().int(),
    already_member: z.number().int(),
    already_invited: z.number().int(),
    error: z.number().int(),
  }),
});
export type CsvUploadReport = z.infer<typeof csvUploadReportSchema>;
