import type { CsvUploadReport } from '@kindred/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employeeGroupQueries } from '@/entities/employee-group';
import { invitationQueries } from '@/entities/invitation';
import { organisationQueries } from '@/entities/organisation';
import { api } from '@/lib/api-client';

export interface CsvUpload {
  businessId: number;
  file: File;
  onProgress: (percent: number) => void;
}

/** POST /business/{id}/csv_upload (multipart, CSV or .xlsx, 10 MB). */
export function uploadCsv({ businessId, file, onProgress }: CsvUpload): Promise<CsvUploadReport> {
  return api.upload<CsvUploadReport>(`/business/${businessId}/csv_upload`, file, { onProgress });
}

export function useUploadCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCsv,
    onSuccess: async (_data, input) => {
      await queryClient.invalidateQueries({
        queryKey: organisationQueries.members(input.businessId).queryKey,
      });
      await queryClient.invalidateQueries({ queryKey: employeeGroupQueries.all(input.businessId) });
      await queryClient.invalidateQueries({ queryKey: invitationQueries.all });
    },
  });
}
