import { describe, expect, it } from 'vitest';
import { escapeHtml, shortText, withPreview } from './link-preview-tags.js';

describe('a preview’s description', () => {
  it('keeps a short text whole, its lines and spaces made single spaces', () => {
    expect(shortText('  We mend\n\nthe   towpath.  ')).toBe('We mend the towpath.');
  });

  it('cuts a long text at the last word that fits, without a dangling comma, and adds an ellipsis', () => {
    const text = 'one two, three four five six';
    expect(shortText(text, 20)).toBe('one two, three four…');
    expect(shortText('one two, three four', 12)).toBe('one two…');
    for (let max = 10; max < 40; max++)
      expect(shortText(`${text} seven eight`, max).length).toBeLessThanOrEqual(max);
  });

  it('cuts a word longer than half the room where it must', () => {
    expect(shortText(`a ${'x'.repeat(40)}`, 20)).toBe(`a ${'x'.repeat(17)}…`);
  });
});

describe('the tags in the page', () => {
  it('escapes every character that could end an attribute or an element', () => {
    expect(escapeHtml(`<a href="x">Tom's & co</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; co&lt;/a&gt;',
    );
  });

  it('replaces the app’s title and description, or goes before </head> when it has none', () => {
    const tags = '<title>River $& Trust · Kindred</title>';
    expect(
      withPreview('<head><meta name="description" content="Kindred" />\n<title>Kindred</title></head>', tags),
    ).toBe(`<head>${tags}</head>`);
    expect(withPreview('<html><head></head></html>', tags)).toBe(`<html><head>  ${tags}\n  </head></html>`);
  });
});
