import { type WalletOwner, walletPaths } from '@/entities/wallet';
import { api } from '@/lib/api-client';

/** The file name the API gives the statement. */
export function statementFileName(from: string, to: string): string {
  return `kindred-statement-${from}-to-${to}.csv`;
}

/**
 * GET /user/statement/{from}/{to} (or the organisation's) through the API client, so the bearer
 * token goes in the header (never in the URL), then saved through a temporary object URL and link.
 */
export async function downloadStatement(owner: WalletOwner, from: string, to: string): Promise<void> {
  const csv = await api.get<unknown>(walletPaths(owner).statement(from, to), {
    headers: { Accept: 'text/csv' },
  });
  // The client hands back text it cannot read as JSON, which a CSV with its header row always is.
  const text = typeof csv === 'string' ? csv : JSON.stringify(csv);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = statementFileName(from, to);
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Let the browser start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
