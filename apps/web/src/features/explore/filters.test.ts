import { describe, expect, it } from 'vitest';
import {
  charityListQuery,
  DEFAULT_FILTERS,
  filtersToParams,
  groupListQuery,
  parseFilters,
  projectFilterQuery,
  projectListQuery,
  withFilters,
} from './filters';

const parse = (search: string) => parseFilters(new URLSearchParams(search));

describe('explore filters <-> URL', () => {
  it('reads every filter from the search parameters', () => {
    const filters = parse(
      'tab=projects&view=map&q=river+clean&charity_type=10&giving_kind=3&skill_type=6&gift_type=2&city_id=2574&place=Bristol&radius_km=10&ending_soon=true&sort=ending',
    );
    expect(filters).toEqual({
      ...DEFAULT_FILTERS,
      view: 'map',
      q: 'river clean',
      charityType: 10,
      givingKind: 3,
      skillType: 6,
      giftType: 2,
      cityId: 2574,
      placeName: 'Bristol',
      radiusKm: 10,
      endingSoon: true,
      sort: 'ending',
    });
  });

  it('gives the defaults for an empty URL, and writes them as an empty URL', () => {
    expect(parse('')).toEqual(DEFAULT_FILTERS);
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('round-trips: what is written reads back the same, and writing again gives the same URL', () => {
    const search =
      'tab=charities&q=food&charity_type=15&lat=51.4552&lng=-2.5966&place=your+location&radius_km=50';
    const filters = parse(search);
    const written = filtersToParams(filters);
    expect(parse(written.toString())).toEqual(filters);
    expect(filtersToParams(parse(written.toString())).toString()).toBe(written.toString());
    expect(written.get('lat')).toBe('51.4552');
    expect(written.get('radius_km')).toBe('50');
  });

  it('ignores values out of range or of the wrong kind', () => {
    const filters = parse(
      'tab=nope&view=globe&charity_type=19&giving_kind=1&skill_type=0&gift_type=abc&group_type=4&sort=best&ending_soon=yes&lat=91&lng=10&radius_km=5000&city_id=-3',
    );
    expect(filters).toEqual(DEFAULT_FILTERS);
  });

  it('keeps a place only when complete: a town wins over a point, and the distance needs a place', () => {
    expect(parse('lat=51.5&radius_km=10')).toMatchObject({ lat: null, lng: null, radiusKm: 25 });
    expect(parse('city_id=7&lat=51.5&lng=-0.1&place=London')).toMatchObject({
      cityId: 7,
      lat: null,
      lng: null,
      placeName: 'London',
    });
    expect(parse('place=Nowhere').placeName).toBeNull();
    expect(filtersToParams({ ...DEFAULT_FILTERS, radiusKm: 50 }).toString()).toBe('');
  });

  it('changes some filters and keeps the others (one search, one address)', () => {
    const params = new URLSearchParams('q=garden&charity_type=5&unknown=1');
    expect(withFilters(params, { givingKind: 2 }).toString()).toBe('q=garden&charity_type=5&giving_kind=2');
    expect(withFilters(params, { charityType: null }).toString()).toBe('q=garden');
    expect(withFilters(params, { view: 'map', tab: 'charities' }).toString()).toBe(
      'tab=charities&view=map&q=garden&charity_type=5',
    );
  });
});

describe('explore filters -> API queries', () => {
  it('maps the project filters to the list and locations calls', () => {
    const filters = parse(
      'q=coats&charity_type=4&giving_kind=5&gift_type=5&city_id=12&radius_km=10&ending_soon=true',
    );
    expect(projectFilterQuery(filters)).toEqual({
      q: 'coats',
      charity_type: 4,
      giving_kind: 5,
      gift_type: 5,
      ending_soon: true,
      city_id: 12,
      radius_km: 10,
    });
    expect(projectListQuery(parse('sort=ending'))).toEqual({ sort: 'ending' });
  });

  it('sends a point with its radius, and the default radius with a town', () => {
    expect(projectFilterQuery(parse('lat=51.5&lng=-0.12'))).toEqual({ lat: 51.5, lng: -0.12, radius_km: 25 });
    expect(projectFilterQuery(parse('city_id=3'))).toEqual({ city_id: 3, radius_km: 25 });
  });

  it('drops sorting by distance without a place (the API refuses it)', () => {
    expect(projectListQuery(parse('sort=nearest'))).toEqual({});
    expect(projectListQuery(parse('sort=nearest&city_id=3'))).toEqual({
      sort: 'nearest',
      city_id: 3,
      radius_km: 25,
    });
  });

  it('gives charities and groups only the filters they take', () => {
    const filters = parse('q=trust&charity_type=10&giving_kind=3&city_id=9&group_type=2');
    expect(charityListQuery(filters)).toEqual({ q: 'trust', charity_type: 10, city_id: 9, radius_km: 25 });
    expect(groupListQuery(filters)).toEqual({ q: 'trust', group_type: 2 });
  });
});
