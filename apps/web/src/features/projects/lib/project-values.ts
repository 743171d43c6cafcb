import {
  defaultToProjectEndDate,
  type Project,
  type ProjectUpdateBody,
  parseWholeNumber,
  projectUpdateBodySchema,
  REQUIRED_MESSAGE,
  toAmountText,
  toMinorUnits,
} from '@kindred/shared';
import type { FormErrors } from '@mantine/form';
import { CURRENT_TOWN, townUpdate } from '@/entities/places';
import { mergeErrors, schemaErrors } from '@/lib/form';

export interface SkillNeedRow {
  /** Stable React key of the row. */
  key: string;
  type: string;
  hours: number | string;
}

export interface GiftNeedRow {
  key: string;
  type: string;
  description: string;
  quantity: number | string;
}

/** What the project needs: funds, volunteering, skilled volunteering and gifts. */
export interface NeedsValues {
  /** Typed in major units ('1500' or '1500.50'); sent in minor units. */
  funds_target: string;
  volunteering_hours: number | string;
  volunteering_start: string | null;
  volunteering_end: string | null;
  skill_needs: SkillNeedRow[];
  gift_needs: GiftNeedRow[];
}

export interface ProjectFormValues extends NeedsValues {
  title: string;
  summary: string;
  description: string;
  charity_types: string[];
  start_date: string | null;
  end_date: string | null;
  /** The region whose towns are offered. */
  state_id: string | null;
  /** A town id (GET /city/by_state), CURRENT_TOWN to keep the stored town, or null for none. */
  city_id: string | null;
  /** The name of the stored town. */
  city: string;
  post_code: string;
}

/** Skilled volunteering rows per project (the API takes at most 16) and gift rows (at most 50). */
export const MAX_SKILL_NEEDS = 16;
export const MAX_GIFT_NEEDS = 50;

let rowCounter = 0;
/** A key for a new needs row. */
export function rowKey(): string {
  rowCounter += 1;
  return `row-${rowCounter}`;
}

export const newSkillRow = (): SkillNeedRow => ({ key: rowKey(), type: '', hours: '' });
export const newGiftRow = (): GiftNeedRow => ({ key: rowKey(), type: '', description: '', quantity: 1 });

/** A typed amount in minor units: '1,500.50' -> 150050; blank -> null; not an amount -> NaN. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '') return null;
  return toMinorUnits(cleaned) ?? Number.NaN;
}

const blankToNull = (value: string) => {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
};

/** A typed whole number; null when blank; NaN for anything else, which the schema refuses by name. */
const toNumber = (value: number | string): number | null =>
  value === '' || value === null || value === undefined ? null : (parseWholeNumber(value) ?? Number.NaN);

export function emptyProjectValues(): ProjectFormValues {
  return {
    title: '',
    summary: '',
    description: '',
    charity_types: [],
    start_date: null,
    end_date: null,
    state_id: null,
    city_id: null,
    city: '',
    post_code: '',
    funds_target: '',
    volunteering_hours: '',
    volunteering_start: null,
    volunteering_end: null,
    skill_needs: [],
    gift_needs: [],
  };
}

export function projectValues(project: Project): ProjectFormValues {
  return {
    title: project.title,
    summary: project.summary ?? '',
    description: project.description ?? '',
    charity_types: project.charity_types.map(String),
    start_date: project.start_date,
    end_date: project.end_date,
    // The stored town's region (when it is a town of the list), so its towns can be searched.
    state_id: project.state_id ? String(project.state_id) : null,
    city_id: project.city ? CURRENT_TOWN : null,
    city: project.city ?? '',
    post_code: project.post_code ?? '',
    funds_target: project.funds_target == null ? '' : toAmountText(project.funds_target),
    volunteering_hours: project.volunteering_hours ?? '',
    volunteering_start: project.volunteering_start,
    volunteering_end: project.volunteering_end,
    skill_needs: project.skill_needs.map((need) => ({
      key: rowKey(),
      type: String(need.type),
      hours: need.hours,
    })),
    gift_needs: project.gift_needs.map((need) => ({
      key: rowKey(),
      type: String(need.type),
      description: need.description,
      quantity: need.quantity,
    })),
  };
}

/**
 * The volunteering end date sent: a blank one, when volunteering hours are asked for, defaults to
 * the project end date (docs/product/dates.md).
 */
export function volunteeringEnd(
  values: Pick<NeedsValues, 'volunteering_hours' | 'volunteering_end'> & {
    end_date: string | null;
  },
): string | null {
  const hours = toNumber(values.volunteering_hours);
  if (!hours) return values.volunteering_end || null;
  return defaultToProjectEndDate(values.volunteering_end, values.end_date ?? '') || null;
}

/** The body of POST /project/create (with the charity) and PATCH /project/{id}. */
export function toProjectBody(values: ProjectFormValues): ProjectUpdateBody {
  const body: ProjectUpdateBody = {
    title: values.title.trim(),
    summary: blankToNull(values.summary),
    description: blankToNull(values.description),
    charity_types: values.charity_types.map(Number),
    start_date: values.start_date || null,
    end_date: values.end_date || null,
    post_code: blankToNull(values.post_code),
    funds_target: parseAmount(values.funds_target),
    volunteering_hours: toNumber(values.volunteering_hours),
    volunteering_start: values.volunteering_start || null,
    volunteering_end: volunteeringEnd(values),
    skill_needs: values.skill_needs.map((row) => ({
      type: Number(row.type),
      hours: toNumber(row.hours) ?? Number.NaN,
    })),
    gift_needs: values.gift_needs.map((row) => ({
      type: Number(row.type),
      description: row.description.trim(),
      quantity: toNumber(row.quantity) ?? Number.NaN,
    })),
  };
  return { ...body, ...townUpdate(values.city_id) };
}

/** Checks of the needs rows and dates, then the shared schema's. */
export function validateProject(values: ProjectFormValues): FormErrors {
  const errors: FormErrors = {};
  if (values.title.trim().length === 0) errors.title = REQUIRED_MESSAGE;
  const amount = parseAmount(values.funds_target);
  if (amount !== null && Number.isNaN(amount)) errors.funds_target = 'Enter an amount, like 1500 or 1500.50.';
  else if (amount === 0) errors.funds_target = 'The amount must be more than 0.';
  if (values.start_date && values.end_date && values.end_date < values.start_date) {
    errors.end_date = 'The end date cannot be before the start date.';
  }
  const hours = toNumber(values.volunteering_hours);
  const end = volunteeringEnd(values);
  if (hours && !end) errors.volunteering_end = 'Choose a date, or set the project end date.';
  if (values.volunteering_start && end && end < values.volunteering_start) {
    errors.volunteering_end = 'Volunteering cannot end before it starts.';
  }
  values.skill_needs.forEach((row, index) => {
    if (!row.type) errors[`skill_needs.${index}.type`] = 'Choose a skill.';
  });
  values.gift_needs.forEach((row, index) => {
    if (!row.type) errors[`gift_needs.${index}.type`] = 'Choose a gift type.';
    if (!row.description.trim()) errors[`gift_needs.${index}.description`] = 'Say what is needed.';
  });
  const body = toProjectBody(values);
  const schema = schemaErrors(projectUpdateBodySchema, {
    ...body,
    funds_target: Number.isNaN(body.funds_target) ? null : body.funds_target,
  });
  return mergeErrors(errors, schema);
}
