import { type WalletOwner, walletPaths } from '@/entities/wallet';
import { api } from '@/lib/api-client';
import { saveCsv } from '@/lib/save-file';

/** The file name the API gives the statement. */
export function statementFileName(from: string, to: string): string {
  return `kindred-statement-${from}-to-${to}.csv`;
}

/**
 * GET /user/statement/{from}/{to} (or the organisation's) through the API client, so the bearer
 * token goes in the header (never in the URL), then saved as a file.
 */
export async function downloadStatement(owner: WalletOwner, from: string, to: string): Promise<void> {
  const csv = await api.get<unknown>(walletPaths(owner).statement(from, to), {
    headers: { Accept: 'text/csv' },
  });
  saveCsv(csv, statementFileName(from, to));
}
