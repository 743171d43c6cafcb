import { CHARITY_TYPES, labelOf } from '@kindred/shared';
import { Anchor, Badge, DataList, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataRow } from '@/components/ui/data-row';
import { Page } from '@/components/ui/page';
import { Picture } from '@/components/ui/picture';
import { ShareLinks } from '@/components/ui/share-links';
import { charityQueries } from '@/entities/charity';
import { AboutSection } from './about-section';
import type { MapPlace } from './project-page';
import { PageNotReady } from './states';

export interface CharityPageProps {
  /** From the URL; null when it is not a charity id. */
  charityId: number | null;
  /** The charity's Live projects as cards (the explore feature's, given by the route). */
  renderProjects: (charityId: number) => ReactNode;
  /** A small map of where the charity is (given by the route). */
  renderMap: (place: MapPlace) => ReactNode;
  /** The ways to give directly to the charity (the giving feature's, given by the route). */
  renderGive?: (charity: { id: number; name: string }) => ReactNode;
}

/** Only http(s) addresses become links. */
function safeWebsite(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** `/charities/:id`: an approved charity's public page and its Live projects. */
export function CharityPage({ charityId, renderProjects, renderMap, renderGive }: CharityPageProps) {
  const charity = useQuery({ ...charityQueries.detail(charityId ?? 0), enabled: charityId !== null });
  if (charityId === null || !charity.isSuccess) {
    return <PageNotReady what="charity" missing={charityId === null} query={charity} />;
  }
  const data = charity.data;
  const types = data.charity_types.map((type) => labelOf(CHARITY_TYPES, type)).filter(Boolean);
  const website = safeWebsite(data.website);
  const address = [data.address, data.city, data.post_code].filter(Boolean).join(', ');
  return (
    <Page
      title={data.name}
      size="lg"
      description={
        <Stack gap="xs">
          <Group gap="sm" wrap="nowrap" align="center">
            {data.logo ? (
              <Picture src={data.logo} kind="logo" alt="" width={64} height={64} radius={4} priority />
            ) : null}
            <Group gap={6}>
              {types.map((type) => (
                <Badge key={type} color="dark" variant="outline">
                  {type}
                </Badge>
              ))}
            </Group>
          </Group>
        </Stack>
      }
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <AboutSection what="charity" description={data.description} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {renderGive && !data.lock_status ? renderGive({ id: data.id, name: data.name }) : null}
            <ShareLinks
              title="Share this charity"
              url={`${window.location.origin}/charities/${data.id}`}
              text={`${data.name} on Kindred`}
            />
            <Paper withBorder p="lg" component="section" aria-label="Contact">
              <Stack gap="sm">
                <Title order={2} size="h3">
                  Contact
                </Title>
                <DataList orientation="vertical">
                  {data.registration_number ? (
                    <DataRow label="Registered charity number">{data.registration_number}</DataRow>
                  ) : null}
                  {website ? (
                    <DataRow label="Website">
                      <Anchor href={website} rel="noopener noreferrer">
                        {data.website}
                      </Anchor>
                    </DataRow>
                  ) : null}
                  {data.email ? (
                    <DataRow label="Email">
                      <Anchor href={`mailto:${data.email}`}>{data.email}</Anchor>
                    </DataRow>
                  ) : null}
                  {data.phone ? (
                    <DataRow label="Phone">
                      <Anchor href={`tel:${data.phone.replace(/[^+\d]/g, '')}`}>{data.phone}</Anchor>
                    </DataRow>
                  ) : null}
                  {address ? <DataRow label="Address">{address}</DataRow> : null}
                </DataList>
                {data.latitude !== null && data.longitude !== null
                  ? renderMap({ latitude: data.latitude, longitude: data.longitude, label: data.name })
                  : null}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      <section aria-label="Live projects">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Live projects
          </Title>
          {renderProjects(data.id)}
        </Stack>
      </section>
    </Page>
  );
}
