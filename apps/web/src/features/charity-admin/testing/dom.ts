/**
 * jsdom has no `document.fonts`, which Mantine's autosize Textarea listens to. (The shared test
 * setup could provide it for every test; until then the charity admin tests import this.)
 */
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
