import {
  dateRangeMessage,
  FUNDRAISER_MAX_DAYS,
  type Fundraiser,
  type FundraiserCreateBody,
  type FundraiserUpdateBody,
  fundraiserUpdateBodySchema,
  toAmountText,
} from '@kindred/shared';
import type { FormErrors } from '@mantine/form';
import { checkAmount } from '@/lib/amount';
import { schemaErrors } from '@/lib/form';

/** Who a new page is for: the person alone, a team (one of their groups) or an organisation they run. */
export type FundraiserFor = 'self' | 'group' | 'business';

/** What the page's form holds; the target stays as typed until it is checked. */
export interface FundraiserValues {
  title: string;
  story: string;
  /** The target in major units, as typed. */
  target: string;
  end_date: string | null;
  for: FundraiserFor;
  group_id: string;
  business_id: string;
}

/** The days an end date may take: today to a year ahead (docs/product/fundraising-pages.md). */
export function endDateWindow(today: string): { min: string; max: string } {
  const max = new Date(`${today}T00:00:00Z`);
  max.setUTCDate(max.getUTCDate() + FUNDRAISER_MAX_DAYS);
  return { min: today, max: max.toISOString().slice(0, 10) };
}

/** The day a month from today, or the project's end when that comes first (and is not past). */
export function suggestedEndDate(today: string, projectEnd: string | null): string {
  const month = new Date(`${today}T00:00:00Z`);
  month.setUTCDate(month.getUTCDate() + 30);
  const inAMonth = month.toISOString().slice(0, 10);
  return projectEnd && projectEnd >= today && projectEnd < inAMonth ? projectEnd : inAMonth;
}

export const emptyFundraiserValues = (endDate: string | null): FundraiserValues => ({
  title: '',
  story: '',
  target: '',
  end_date: endDate,
  for: 'self',
  group_id: '',
  business_id: '',
});

/** An existing page's values, for its edit form. */
export const fundraiserValues = (page: Fundraiser): FundraiserValues => ({
  title: page.title,
  story: page.story,
  target: toAmountText(page.target),
  end_date: page.end_date,
  for: page.group ? 'group' : page.business ? 'business' : 'self',
  group_id: page.group ? String(page.group.id) : '',
  business_id: page.business ? String(page.business.id) : '',
});

/** The profile fields of the body as typed (the target in minor units, or an impossible 0). */
function profileOf(values: FundraiserValues): Required<FundraiserUpdateBody> {
  const target = checkAmount(values.target);
  return {
    title: values.title.trim(),
    story: values.story.trim(),
    target: target.ok ? target.minorUnits : 0,
    end_date: values.end_date ?? '',
  };
}

/** The body of POST /fundraiser/create for the cause and the checked values. */
export function toCreateBody(
  values: FundraiserValues,
  cause: { project_id: number } | { charity_id: number },
): FundraiserCreateBody {
  return {
    ...profileOf(values),
    ...cause,
    ...(values.for === 'group' && values.group_id ? { group_id: Number(values.group_id) } : {}),
    ...(values.for === 'business' && values.business_id ? { business_id: Number(values.business_id) } : {}),
  };
}

/**
 * The body of PATCH /fundraiser/{id}: only what changed, so an end date that has passed (and may
 * not be set again) stays as it is when the rest is edited.
 */
export function toUpdateBody(values: FundraiserValues, page: Fundraiser): FundraiserUpdateBody {
  const next = profileOf(values);
  return {
    ...(next.title !== page.title ? { title: next.title } : {}),
    ...(next.story !== page.story ? { story: next.story } : {}),
    ...(next.target !== page.target ? { target: next.target } : {}),
    ...(next.end_date !== page.end_date ? { end_date: next.end_date } : {}),
  };
}

/**
 * The checks the server makes, run before anything is sent: the shared schema's for the title and
 * story, the amount field's words for the target, the end date within its window (an unchanged
 * end date of a page being edited is not checked again), and the team or organisation chosen.
 */
export function validateFundraiser(
  values: FundraiserValues,
  { today, unchangedEndDate = null }: { today: string; unchangedEndDate?: string | null },
): FormErrors {
  const errors: FormErrors = schemaErrors(fundraiserUpdateBodySchema.pick({ title: true, story: true }), {
    title: values.title.trim(),
    story: values.story.trim(),
  });
  const target = checkAmount(values.target);
  if (!target.ok) errors.target = target.message;
  const window = endDateWindow(today);
  if (!values.end_date) errors.end_date = 'Choose the last day the page takes gifts.';
  else if (
    values.end_date !== unchangedEndDate &&
    (values.end_date < window.min || values.end_date > window.max)
  )
    errors.end_date = dateRangeMessage(window.min, window.max);
  if (values.for === 'group' && !values.group_id) errors.group_id = 'Choose the team.';
  if (values.for === 'business' && !values.business_id) errors.business_id = 'Choose the organisation.';
  return errors;
}
