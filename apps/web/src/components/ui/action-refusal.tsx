import { useCallback, useState } from 'react';
import { serverErrorsOf } from '@/lib/form';
import { type ConfirmOptions, confirm } from './confirm';
import { FormRefusal } from './form-refusal';

interface Refusal {
  title: string;
  message: string | null;
}

/**
 * The refusal of an action that is not a form (a button, often behind a confirm dialog), kept on
 * the page beside the action until the next one: a toast alone fades or is closed, and the person
 * would not see why nothing happened. `attempt(title, action)` runs the action and keeps what the
 * server said when it refuses (the action's own success step does not run); `attemptConfirmed`
 * asks first. `refusal` is shown by `<ActionRefusal refusal={...} />`.
 */
export function useActionRefusal() {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const attempt = useCallback(async (title: string, action: () => Promise<unknown>): Promise<boolean> => {
    setRefusal(null);
    try {
      await action();
      return true;
    } catch (error) {
      setRefusal({ title, message: serverErrorsOf(error, {}).refusal });
      return false;
    }
  }, []);
  /** Asks `question` first (the confirm dialog); only once confirmed is the action attempted. */
  const attemptConfirmed = useCallback(
    async (question: ConfirmOptions, title: string, action: () => Promise<unknown>): Promise<boolean> =>
      (await confirm(question)) && attempt(title, action),
    [attempt],
  );
  return { refusal, attempt, attemptConfirmed };
}

/** Shows the refusal of `useActionRefusal` (nothing when there is none), as an alert. */
export function ActionRefusal({ refusal }: { refusal: Refusal | null }) {
  return <FormRefusal title={refusal?.title} message={refusal?.message ?? null} />;
}
