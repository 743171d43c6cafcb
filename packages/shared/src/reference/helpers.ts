import type { CodeOf, ReferenceList } from './lists.js';

/**
 * The label of the entry with code `id`. With a code known to the list the result is its label;
 * with any other value (for example a code read from the server) it is `undefined` when absent.
 */
export function labelOf<const L extends ReferenceList, const Id extends CodeOf<L>>(
  list: L,
  id: Id,
): Extract<L[number], { id: Id }>['label'];
export function labelOf(list: ReferenceList, id: number | string | null | undefined): string | undefined;
export function labelOf(list: ReferenceList, id: number | string | null | undefined): string | undefined {
  return list.find((item) => item.id === id)?.label;
}

/** The codes of a list, in list order (handy for `z.enum` or `z.union` of literals). */
export function codesOf<const L extends ReferenceList>(list: L): CodeOf<L>[] {
  return list.map((item) => item.id);
}

/** Whether `value` is one of the codes of `list` (strict equality: 1 is not '1'). */
export function isCodeOf<const L extends ReferenceList>(list: L, value: unknown): value is CodeOf<L> {
  return list.some((item) => item.id === value);
}
