/**
 * The words of a refused field (decision 036): one error map, used by the API (its 400s'
 * `details.fields`) and the web (the same schemas checking a form before it is sent), so a person
 * reads a sentence saying what is wrong and what to do, never the validator's own words
 * ("Too big: expected string to have <=100 characters", "Invalid input").
 *
 * A message written on the schema itself (`.max(500, { message: '...' })`) wins over these; this
 * map words every issue a schema leaves unworded. It imports zod's types only, so it brings no
 * zod with it.
 */
import type { core } from 'zod';

type RawIssue = core.$ZodRawIssue;

/** The words of a missing value (also for checks made without zod). */
export const REQUIRED_MESSAGE = 'This is required.';

/** A number as people read it: 10,000. */
const count = (n: number | bigint) => n.toLocaleString('en-GB');

/** '1 character', '100 characters'. */
const plural = (n: number | bigint, one: string, many: string) =>
  `${count(n)} ${Number(n) === 1 ? one : many}`;

/** What a value of a list reads as: wallet, 3, yes. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value === '' ? 'nothing' : value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value === null) return 'nothing';
  return String(value);
}

/** 'a', 'a or b', 'a, b or c'. */
function either(values: readonly unknown[]): string {
  const words = values.map(valueText);
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** At most this many listed choices are spelled out; longer lists are 'one of the options'. */
const LISTED_CHOICES = 6;

function choose(values: readonly unknown[]): string {
  if (values.length === 1 && values[0] === true) return 'Tick this to go on.';
  if (values.length === 0 || values.length > LISTED_CHOICES) return 'Choose one of the options offered.';
  return `Choose ${either(values)}.`;
}

const FORMATS: Record<string, string> = {
  email: 'Enter an email address, for example name@example.com.',
  date: 'Enter a date in the form YYYY-MM-DD, for example 2027-01-31.',
  datetime: 'Enter a date and time in the form YYYY-MM-DDTHH:MM:SSZ.',
  time: 'Enter a time in the form HH:MM.',
  url: 'Enter a web address starting with https://.',
  uuid: 'Enter the code exactly as you were given it.',
  base64: 'Enter the code exactly as you were given it.',
  jwt: 'Enter the code exactly as you were given it.',
};

function tooBig(issue: core.$ZodRawIssue<core.$ZodIssueTooBig>): string {
  const max = issue.maximum;
  switch (issue.origin) {
    case 'string':
      return issue.exact
        ? `Use exactly ${plural(max, 'character', 'characters')}.`
        : `Use at most ${plural(max, 'character', 'characters')}.`;
    case 'array':
    case 'set':
      return issue.exact ? `Choose exactly ${count(max)}.` : `Choose at most ${count(max)}.`;
    case 'file':
      return `Choose a file of at most ${count(Number(max) / 1_000_000)} MB.`;
    case 'date':
      return `Choose a date on or before ${new Date(Number(max)).toISOString().slice(0, 10)}.`;
    default:
      return issue.inclusive ? `Enter ${count(max)} or less.` : `Enter less than ${count(max)}.`;
  }
}

function tooSmall(issue: core.$ZodRawIssue<core.$ZodIssueTooSmall>): string {
  const min = issue.minimum;
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return `Use exactly ${plural(min, 'character', 'characters')}.`;
      return Number(min) <= 1 ? REQUIRED_MESSAGE : `Use at least ${plural(min, 'character', 'characters')}.`;
    case 'array':
    case 'set':
      if (issue.exact) return `Choose exactly ${count(min)}.`;
      return Number(min) <= 1 ? 'Choose at least one.' : `Choose at least ${count(min)}.`;
    case 'file':
      return 'Choose a file that is not empty.';
    case 'date':
      return `Choose a date on or after ${new Date(Number(min)).toISOString().slice(0, 10)}.`;
    default:
      return issue.inclusive ? `Enter ${count(min)} or more.` : `Enter more than ${count(min)}.`;
  }
}

function wrongType(issue: core.$ZodRawIssue<core.$ZodIssueInvalidType>): string {
  if (issue.input === undefined || issue.input === null) return REQUIRED_MESSAGE;
  switch (issue.expected) {
    case 'int':
      return 'Enter a whole number.';
    case 'number':
    case 'bigint':
      return 'Enter a number.';
    case 'string':
      return 'Enter this as text.';
    case 'boolean':
      return 'Choose yes or no.';
    case 'array':
      return 'Enter a list.';
    case 'object':
    case 'record':
      return 'Fill in this part of the form.';
    case 'date':
      return 'Enter a date.';
    case 'file':
      return 'Choose a file.';
    default:
      return 'This value is not accepted here.';
  }
}

function badFormat(issue: core.$ZodRawIssue<core.$ZodIssueInvalidStringFormat>): string {
  if (issue.format === 'starts_with' && 'prefix' in issue) return `Start this with ${String(issue.prefix)}.`;
  if (issue.format === 'ends_with' && 'suffix' in issue) return `End this with ${String(issue.suffix)}.`;
  if (issue.format === 'includes' && 'includes' in issue) return `Include ${String(issue.includes)}.`;
  return FORMATS[issue.format] ?? 'This is not in the form this field takes: check what you typed.';
}

/**
 * A union none of whose branches took the value: when each branch wanted one value, the choice
 * is those values; otherwise the words of the branch that came closest (its type matched).
 */
function noBranch(issue: core.$ZodRawIssue<core.$ZodIssueInvalidUnion>): string {
  const branches = issue.errors ?? [];
  const values: unknown[] = [];
  let allValues = branches.length > 0;
  for (const branch of branches) {
    const only = branch.length === 1 ? branch[0] : undefined;
    if (only?.code === 'invalid_value') values.push(...only.values);
    else allValues = false;
  }
  if (allValues) return choose(values);
  const closest = branches.find((branch) => branch.every((inner) => inner.code !== 'invalid_type'));
  return closest?.[0]?.message ?? 'This value is not accepted here.';
}

/** The sentence for one validation issue (zod's error map: `z.config({ customError: fieldMessage })`). */
export function fieldMessage(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return wrongType(issue);
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return badFormat(issue);
    case 'not_multiple_of':
      return `Enter a multiple of ${count(issue.divisor)}.`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `Leave out ${issue.keys[0]}: it is not accepted here.`
        : `Leave out ${either(issue.keys)}: they are not accepted here.`;
    case 'invalid_key':
      return 'One of the names in this list is not accepted here.';
    case 'invalid_element':
      return 'One of the values in this list is not accepted here.';
    case 'invalid_value':
      return choose(issue.values);
    case 'invalid_union':
      return noBranch(issue);
    default:
      return 'This value is not accepted here.';
  }
}
