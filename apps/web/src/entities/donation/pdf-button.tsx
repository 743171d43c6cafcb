import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { toast } from '@/components/ui/toast';
import { useDownloading } from '@/lib/downloading';

export interface PdfButtonProps extends ButtonProps {
  /** Downloads the PDF and saves it. */
  download: () => Promise<unknown>;
  /** The toast once it is saved: its title and its line. */
  savedToast: [title: string, message: string | undefined];
  'aria-label': string;
  children: ReactNode;
}

/**
 * A small button that downloads one of a gift's PDFs (its receipt, a refund's credit note): busy
 * meanwhile, a toast once it is saved; a refusal is the API client's error toast.
 */
export function PdfButton({ download, savedToast, children, ...props }: PdfButtonProps) {
  const { busy, run } = useDownloading<true>();
  const onClick = async () => {
    if (await run(true, download)) toast.success(...savedToast);
  };
  return (
    <Button variant="default" size="xs" loading={busy !== null} onClick={() => void onClick()} {...props}>
      {children}
    </Button>
  );
}
