import { CSV_ONBOARDING_COLUMNS, type CsvRowOutcome, type CsvUploadReport } from '@kindred/shared';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FileUpload } from '@/components/ui/file-upload';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { saveBlob } from '@/lib/save-file';
import { useUploadCsv } from '../api/upload-csv';

const CSV_MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = [
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

const OUTCOME: Record<CsvRowOutcome, { label: string; color: string }> = {
  created: { label: 'Added', color: 'teal.9' },
  invited: { label: 'Invited', color: 'blue.9' },
  already_member: { label: 'Already a member', color: 'gray.8' },
  already_invited: { label: 'Already invited', color: 'gray.8' },
  error: { label: 'Skipped', color: 'red.9' },
};

/** The template: the columns and two example rows. */
export function onboardingTemplate(): string {
  return [
    CSV_ONBOARDING_COLUMNS.join(','),
    'ada.lovelace@example.org,Ada,Lovelace,Engineering,Platform,Employee',
    'grace.hopper@example.org,Grace,Hopper,,,Admin',
    '',
  ].join('\n');
}

/** `/organisation/onboarding`: onboard employees from a CSV or Excel file, with the per-row report. */
export function CsvOnboardingSection({
  businessId,
  businessName,
}: {
  businessId: number;
  businessName: string;
}) {
  const upload = useUploadCsv();
  const [report, setReport] = useState<CsvUploadReport | null>(null);

  const onUpload = async (file: File, onProgress: (percent: number) => void) => {
    const result = await upload.mutateAsync({ businessId, file, onProgress });
    setReport(result);
    const { created, invited, error } = result.totals;
    toast.success('File read', `${created} added, ${invited} invited, ${error} skipped.`);
  };

  return (
    <TitledSection id="csv-onboarding-heading" title="Onboard employees from a file">
      <Text size="sm">
        One person a row, with the columns {CSV_ONBOARDING_COLUMNS.join(', ')} (only email is required).
        People with a Kindred account join {businessName} at once; others get an email invitation. Groups and
        sub-groups must exist first. Uploading the same file again changes nothing.
      </Text>
      <Group>
        <Button
          variant="default"
          onClick={() =>
            saveBlob(new Blob([onboardingTemplate()], { type: 'text/csv' }), 'employees-template.csv')
          }
        >
          Download the template
        </Button>
      </Group>
      <FileUpload
        label="Employees file"
        hint="CSV or Excel (.xlsx), up to 10 MB."
        accept={ACCEPT}
        maxBytes={CSV_MAX_BYTES}
        buttonLabel="Choose a file"
        onUpload={onUpload}
      />
      {report ? (
        <Stack gap="sm" component="section" aria-labelledby="csv-report-heading">
          <Title order={3} size="h4" id="csv-report-heading">
            What happened to each row
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
            {(Object.keys(OUTCOME) as CsvRowOutcome[]).map((outcome) => (
              <Paper key={outcome} withBorder p="xs">
                <Text size="xs">{OUTCOME[outcome].label}</Text>
                <Text fw={700} data-testid={`csv-total-${outcome}`}>
                  {report.totals[outcome]}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          {report.rows.length === 0 ? (
            <Text>The file has no rows under its header.</Text>
          ) : (
            <ResponsiveTable
              aria-label="Rows of the file"
              rows={report.rows}
              rowKey={(row) => row.row}
              columns={[
                { header: 'Row', cell: (row) => row.row },
                { header: 'Email', cell: (row) => row.email || '(empty)', rowHeader: true },
                {
                  header: 'Outcome',
                  cell: (row) => (
                    <Badge color={OUTCOME[row.outcome].color} variant="light">
                      {OUTCOME[row.outcome].label}
                    </Badge>
                  ),
                },
                { header: 'Why', cell: (row) => row.error ?? '' },
              ]}
            />
          )}
        </Stack>
      ) : null}
    </TitledSection>
  );
}
