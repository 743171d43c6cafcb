import { Button, Fieldset, Group, NativeSelect, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { placeQueries } from '@/entities/places';
import { type ExploreFilters, hasPlace, RADIUS_OPTIONS_KM } from '../filters';
import { useLocateMe } from '../locate';

export interface PlaceFilterProps {
  filters: ExploreFilters;
  onChange: (patch: Partial<ExploreFilters>) => void;
}

/** Rounds a coordinate to about 10 m: precise enough, and a shorter, less revealing URL. */
const round = (n: number) => Math.round(n * 10_000) / 10_000;

// The town suggestions (Mantine's Combobox and its floating layer) load once a region is chosen.
const TownSearch = lazy(async () => ({ default: (await import('./town-search')).TownSearch }));

const townInputProps = (regionId: number | null, loading: boolean): TextInputProps => ({
  label: 'Town',
  description: regionId === null ? 'Choose a region first.' : 'Type the start of its name.',
  inputWrapperOrder: ['label', 'input', 'description', 'error'],
  disabled: regionId === null || loading,
  autoComplete: 'off',
});

function TownField({
  regionId,
  onPick,
}: {
  regionId: number | null;
  onPick: (id: number, name: string) => void;
}) {
  if (regionId === null) return <TextInput {...townInputProps(null, false)} />;
  return (
    <Suspense fallback={<TextInput {...townInputProps(regionId, true)} />}>
      <TownSearch regionId={regionId} onPick={onPick} inputProps={townInputProps(regionId, false)} />
    </Suspense>
  );
}

/** "Near a place": a town (region, then town) or the visitor's own location, and a distance. */
export function PlaceFilter({ filters, onChange }: PlaceFilterProps) {
  const regions = useQuery(placeQueries.regions());
  const [regionId, setRegionId] = useState<number | null>(null);
  const {
    locate: locateMe,
    locating,
    error: locationError,
    canLocate,
  } = useLocateMe(
    (at) =>
      onChange({
        cityId: null,
        lat: round(at.latitude),
        lng: round(at.longitude),
        placeName: 'your location',
      }),
    'Choose a town instead.',
  );

  return (
    <Fieldset
      variant="unstyled"
      legend={
        <Text span fw={600} size="sm">
          Near a place
        </Text>
      }
    >
      {hasPlace(filters) ? (
        <Group align="flex-end" gap="sm">
          <Text fw={600} data-testid="chosen-place">
            Near {filters.placeName ?? 'the chosen place'}
          </Text>
          <NativeSelect
            label="Distance"
            value={String(filters.radiusKm)}
            data={[
              ...(RADIUS_OPTIONS_KM.includes(filters.radiusKm as (typeof RADIUS_OPTIONS_KM)[number])
                ? []
                : [{ value: String(filters.radiusKm), label: `Within ${filters.radiusKm} km` }]),
              ...RADIUS_OPTIONS_KM.map((km) => ({ value: String(km), label: `Within ${km} km` })),
            ]}
            onChange={(event) => onChange({ radiusKm: Number(event.currentTarget.value) })}
          />
          <Button
            variant="outline"
            onClick={() =>
              onChange({
                cityId: null,
                lat: null,
                lng: null,
                placeName: null,
                sort: filters.sort === 'nearest' ? null : filters.sort,
              })
            }
          >
            Clear place
          </Button>
        </Group>
      ) : (
        <Group align="flex-start" gap="sm">
          <NativeSelect
            label="Region"
            value={regionId === null ? '' : String(regionId)}
            data={[
              { value: '', label: regions.isPending ? 'Loading regions…' : 'Choose a region' },
              ...(regions.data?.items ?? []).map((region) => ({
                value: String(region.id),
                label: region.name,
              })),
            ]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setRegionId(value ? Number(value) : null);
            }}
          />
          <TownField
            regionId={regionId}
            onPick={(cityId, name) => onChange({ cityId, lat: null, lng: null, placeName: name })}
          />
          {canLocate ? (
            <Button variant="outline" mt={24} loading={locating} onClick={locateMe}>
              Use my location
            </Button>
          ) : null}
        </Group>
      )}
      {locationError ? (
        <Text c="red.9" size="sm" mt="xs" role="alert">
          {locationError}
        </Text>
      ) : null}
    </Fieldset>
  );
}
