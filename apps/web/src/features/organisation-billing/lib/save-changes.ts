/** What an edit dialog needs of its form's server errors (`useServerErrors`). */
interface Refusals {
  clear: () => void;
  report: (error: unknown) => void;
}

/**
 * An edit dialog's save: sends only what changed (nothing changed: the dialog just closes), says
 * so once saved and closes, or shows the refusal beside its fields and stays open.
 */
export async function saveChanges<Changes extends object, Saved>(
  changes: Changes,
  save: (changes: Changes) => Promise<Saved>,
  { server, onSaved, onClose }: { server: Refusals; onSaved: (saved: Saved) => void; onClose: () => void },
): Promise<void> {
  server.clear();
  if (Object.keys(changes).length === 0) {
    onClose();
    return;
  }
  try {
    onSaved(await save(changes));
    onClose();
  } catch (error) {
    server.report(error);
  }
}
