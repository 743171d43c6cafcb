import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-file';

export type ExportKind = 'user' | 'business' | 'charity' | 'project';

/** GET /admin/export/{type}/{id}: a person's or an account's data as JSON, saved as a file. */
export async function exportData(type: ExportKind, id: number): Promise<void> {
  const data = await api.get<unknown>(`/admin/export/${type}/${id}`);
  saveBlob(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
    `kindred-${type}-${id}.json`,
  );
}
