export const UNSAFE_TEXT_MESSAGE = 'Contains a character that cannot be stored (NUL or a broken character).';

/**
 * Whether a string holds what the database cannot store: a NUL character (PostgreSQL text never
 * holds one), or half of a UTF-16 surrogate pair (not a character at all: JSON columns refuse it,
 * text columns would silently store U+FFFD instead).
 */
export function isUnsafeText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/** The text for a LIKE pattern, its own % _ and \ taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern that finds the text anywhere, its own % _ and \ taken literally. */
export const likePattern = (q: string) => `%${escapeLike(q)}%`;
