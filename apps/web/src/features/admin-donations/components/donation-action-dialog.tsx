import type { FormEventHandler, ReactNode, RefObject } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';

const SUBMIT_LABELS = { Refund: 'Refund', Reject: 'Reject donation' } as const;

/**
 * The dialog of an admin's action that ends a donation's money (a refund, a rejection): asked as
 * '<Action> donation #<id>?', with 'Keep it' and the red submit.
 */
export function DonationActionDialog({
  action,
  donationId,
  pending,
  onClose,
  formRef,
  onSubmit,
  children,
}: {
  action: 'Refund' | 'Reject';
  donationId: number;
  pending: boolean;
  onClose: () => void;
  formRef?: RefObject<HTMLFormElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const actions = {
    submitLabel: SUBMIT_LABELS[action],
    pending,
    onCancel: onClose,
    cancelLabel: 'Keep it',
    danger: true,
  };
  return (
    <Dialog title={`${action} donation #${donationId}?`} onClose={onClose} size="md">
      <DialogForm
        formRef={formRef}
        onSubmit={onSubmit}
        label={`${action} donation #${donationId}`}
        actions={actions}
      >
        {children}
      </DialogForm>
    </Dialog>
  );
}
