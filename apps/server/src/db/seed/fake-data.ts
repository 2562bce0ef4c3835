import { todayIso } from '@cairn/shared/dates';

/**
 * Building blocks for realistic, reproducible Canadian sample data: a seeded pseudo-random
 * generator, name pools, SINs, postal codes and phone numbers. Nothing here is a real person.
 */

/** A list written as words separated by white space. */
function words(text: string): readonly string[] {
  return text.trim().split(/\s+/);
}

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}

/**
 * A SIN that passes the Luhn check real SINs pass. The first digit is a province-of-issue digit
 * (1 to 7); 0 and 8 are never issued to people and 9 marks temporary residents.
 */
export function fakeSin(rng: Rng): string {
  const digits = [rng.int(1, 7)];
  for (let i = 0; i < 7; i++) digits.push(rng.int(0, 9));
  let sum = 0;
  digits.forEach((d, i) => {
    const v = i % 2 === 1 ? d * 2 : d;
    sum += v > 9 ? v - 9 : v;
  });
  digits.push((10 - (sum % 10)) % 10);
  return digits.join('');
}

const POSTAL_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

/** A postal code in the given forward sortation area (e.g. P7B), without a space. */
export function fakePostalCode(rng: Rng, fsa: string): string {
  return `${fsa}${rng.int(0, 9)}${rng.pick([...POSTAL_LETTERS])}${rng.int(0, 9)}`;
}

/** A number in the 555-01XX block, which North American numbering keeps for fiction. */
export function fakePhone(rng: Rng, areaCode: string): string {
  return `${areaCode}-555-01${String(rng.int(0, 99)).padStart(2, '0')}`;
}

/**
 * A number under an N9X area code (290–299, 390–399 … 990–999), which North American numbering
 * keeps for its future expansion: none is in service, so no number drawn reaches anyone. With any
 * exchange (200–999) and line, numbers repeat about as rarely as real ones do: the large seed's
 * (fakePhone's 100 numbers an area code would give each number thousands of clients at 1,000,000,
 * and the duplicate finder's same-phone candidates would grow with the database).
 */
export function fakeUnassignedPhone(rng: Rng): string {
  const line = String(rng.int(0, 9999)).padStart(4, '0');
  return `${rng.int(2, 9)}9${rng.int(0, 9)}-${rng.int(200, 999)}-${line}`;
}

/** ASCII local part for an email address: accents, spaces and apostrophes removed. */
export function emailLocalPart(...names: string[]): string {
  return names
    .map((n) =>
      n
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ''),
    )
    .filter(Boolean)
    .join('.');
}

/** The local date `days` before `from`, as YYYY-MM-DD: never after today where the app runs. */
export function isoDaysBefore(from: Date, days: number): string {
  return todayIso(new Date(from.getTime() - days * 86_400_000));
}

export interface Locale {
  city: string;
  province: string;
  areaCode: string;
  /** Forward sortation areas of the city. */
  fsas: readonly string[];
  streets: readonly string[];
  /** First Nations near the centre, for Indigenous clients' answers. */
  nations: readonly string[];
  metisNation: string;
  languages: readonly string[];
}

export const FEMALE_FIRST_NAMES = words(`
  Emily Olivia Sarah Jessica Ashley Amanda Megan Hannah Brooke Kayla Nicole Madison Chloé Émilie
  Gabrielle Mélanie Isabelle Marie-Ève Geneviève Léa Camille Zoé Noémie Rosalie Priya Harpreet
  Simran Mei Xin Fatima Aisha Amira Maria Ana Oksana Natalia Siobhan Kateri Winona Tanis Cheyenne
  Autumn Skye Nuna Siila Aalasi
`);

export const MALE_FIRST_NAMES = words(`
  Liam Noah Ethan Lucas Owen Tyler Justin Brandon Kyle Jordan Mathieu Étienne François Jérôme Luc
  Gabriel Félix Olivier Samuel Raj Gurpreet Arjun Wei Jun Hao Omar Ahmed Yusuf José Miguel Taras
  Dmytro Sean Connor Cody Dustin Shane Wade Travis Colton Jesse Tristan Pauloosie Lucassie
  Joanasie
`);

export const LAST_NAMES = words(`
  Smith Brown Tremblay Martin Roy Wilson MacDonald Taylor Campbell Anderson Leblanc Thompson Scott
  Johnson Lee Wong Chen Li Nguyen Tran Singh Sandhu Gill Patel Sharma Khan Ali Haddad Santos Reyes
  Garcia Kovalenko Shevchenko Kowalski O'Brien Murphy Kelly MacLeod Fraser Stewart Robinson Clarke
  Morrison Young Mitchell Ross Graham Gagnon Côté Bouchard Gauthier Morin Lavoie Fortin Ouellet
  Pelletier Bélanger Lévesque Bergeron Leclerc Poirier Girard Thériault Dubé Séguin
`);

/** Family names common in First Nations, Métis and Inuit communities. */
export const INDIGENOUS_LAST_NAMES = words(`
  Cardinal Bearspaw Crowchild Redsky Meekis Kakegamic Fiddler Moose Bighetty Okemaw Sinclair
  Swampy Keeshig Nanibush Manitowabi Sakanee Morningstar Littlechief Starblanket Desjarlais
  Delorme Belcourt Laroque Fleury Akpaliapik Kilabuk Ittinuar Anawak
`);

export const OTHER_LANGUAGES = words(`
  French Punjabi Mandarin Cantonese Arabic Tagalog Spanish Ukrainian Urdu Vietnamese Portuguese
`);

const STREETS = [
  'Main Street',
  'Queen Street',
  'King Street',
  'Victoria Avenue',
  'Park Avenue',
  'Maple Drive',
  'Birch Crescent',
  'Lakeshore Road',
  'Church Street',
  'Railway Avenue',
  'Elm Street',
  'Cedar Lane',
];

/** The cities the sample centres are in, with what local answers look like. */
export const LOCALES: Record<string, Locale> = {
  thunderBay: {
    city: 'Thunder Bay',
    province: 'ON',
    areaCode: '807',
    fsas: ['P7A', 'P7B', 'P7C', 'P7E', 'P7G', 'P7J', 'P7K'],
    streets: [...STREETS, 'Red River Road', 'Memorial Avenue', 'Algoma Street'],
    nations: ['Fort William First Nation', 'Red Rock Indian Band', 'Kitchenuhmaykoosib Inninuwug'],
    metisNation: 'Métis Nation of Ontario',
    languages: ['Ojibwe', 'Oji-Cree', 'Cree'],
  },
  regina: {
    city: 'Regina',
    province: 'SK',
    areaCode: '306',
    fsas: ['S4N', 'S4P', 'S4R', 'S4S', 'S4T', 'S4V', 'S4X'],
    streets: [...STREETS, 'Albert Street', 'Dewdney Avenue', 'Broad Street'],
    nations: [
      'Piapot First Nation',
      'Star Blanket Cree Nation',
      'Muscowpetung Saulteaux Nation',
      'Cowessess First Nation',
    ],
    metisNation: 'Métis Nation–Saskatchewan',
    languages: ['Cree', 'Saulteaux', 'Michif', 'Dakota'],
  },
  winnipeg: {
    city: 'Winnipeg',
    province: 'MB',
    areaCode: '204',
    fsas: ['R2W', 'R2X', 'R3B', 'R3C', 'R3E', 'R3G'],
    streets: [...STREETS, 'Portage Avenue', 'Selkirk Avenue', 'Main Street North'],
    nations: ['Peguis First Nation', 'Sagkeeng First Nation', 'Long Plain First Nation'],
    metisNation: 'Manitoba Métis Federation',
    languages: ['Ojibwe', 'Cree', 'Michif', 'Oji-Cree'],
  },
  calgary: {
    city: 'Calgary',
    province: 'AB',
    areaCode: '403',
    fsas: ['T2A', 'T2E', 'T2G', 'T2P', 'T3A', 'T3E'],
    streets: [...STREETS, '17 Avenue SW', 'Centre Street N', 'Macleod Trail'],
    nations: ["Tsuut'ina Nation", 'Siksika Nation', 'Stoney Nakoda Nation'],
    metisNation: 'Otipemisiwak Métis Government',
    languages: ['Blackfoot', 'Cree', 'Stoney'],
  },
  abbotsford: {
    city: 'Abbotsford',
    province: 'BC',
    areaCode: '604',
    fsas: ['V2S', 'V2T', 'V3G'],
    streets: [...STREETS, 'South Fraser Way', 'Essendene Avenue'],
    nations: ['Sumas First Nation', 'Matsqui First Nation', 'Stó:lō Nation'],
    metisNation: 'Métis Nation British Columbia',
    languages: ['Halq̓eméylem', 'Cree'],
  },
  saintJohn: {
    city: 'Saint John',
    province: 'NB',
    areaCode: '506',
    fsas: ['E2J', 'E2K', 'E2L', 'E2M'],
    streets: [...STREETS, 'Prince William Street', 'Rothesay Avenue'],
    nations: ['Elsipogtog First Nation', 'Neqotkuk (Tobique) First Nation'],
    metisNation: 'Métis Nation of New Brunswick',
    languages: ["Mi'kmaq", 'Wolastoqey'],
  },
  halifax: {
    city: 'Halifax',
    province: 'NS',
    areaCode: '902',
    fsas: ['B3H', 'B3J', 'B3K', 'B3L', 'B3N'],
    streets: [...STREETS, 'Gottingen Street', 'Quinpool Road', 'Barrington Street'],
    nations: ['Millbrook First Nation', "Sipekne'katik First Nation"],
    metisNation: 'Métis Nation of Nova Scotia',
    languages: ["Mi'kmaq"],
  },
  gatineau: {
    city: 'Gatineau',
    province: 'QC',
    areaCode: '819',
    fsas: ['J8P', 'J8T', 'J8X', 'J8Y', 'J9H'],
    streets: ['rue Principale', 'boulevard Saint-Joseph', 'rue Laurier', 'rue Notre-Dame', 'chemin Vanier'],
    nations: ['Kitigan Zibi Anishinabeg', 'Lac Barrière (Mitchikanibikok Inik)'],
    metisNation: 'Métis de la Gatineau',
    languages: ['Algonquin', 'Atikamekw', 'Cree'],
  },
  yellowknife: {
    city: 'Yellowknife',
    province: 'NT',
    areaCode: '867',
    fsas: ['X1A'],
    streets: ['Franklin Avenue', '50 Street', 'Old Airport Road', 'Range Lake Road', 'Forrest Drive'],
    nations: ['Yellowknives Dene First Nation', 'Tłı̨chǫ Government', 'Łutsël K’é Dene First Nation'],
    metisNation: 'North Slave Métis Alliance',
    languages: ['Dene', 'Tłı̨chǫ', 'Inuktitut'],
  },
  sudbury: {
    city: 'Sudbury',
    province: 'ON',
    areaCode: '705',
    fsas: ['P3A', 'P3B', 'P3C', 'P3E', 'P3L'],
    streets: [...STREETS, 'Lasalle Boulevard', 'Notre Dame Avenue', 'Kingsway'],
    nations: ['Atikameksheng Anishnawbek', 'Wahnapitae First Nation'],
    metisNation: 'Métis Nation of Ontario',
    languages: ['Ojibwe', 'Cree'],
  },
};

/** Groups a centre runs: workshops, cohorts and courses. */
export const GROUPS = [
  { name: 'Resume Writing Workshop', description: 'Three mornings on resumes and cover letters' },
  { name: 'Trades Readiness Cohort', description: 'Twelve weeks of pre-apprenticeship preparation' },
  { name: 'Youth Employment Circle', description: 'Weekly circle for job seekers aged 16 to 29' },
  { name: 'Digital Skills Evening Class', description: 'Email, online applications and office software' },
  { name: 'Women in Trades Information Session', description: 'Meet tradeswomen and training providers' },
  { name: 'Interview Practice Group', description: 'Mock interviews with feedback' },
  { name: 'First Aid and CPR Certification', description: 'Two-day certified course' },
  { name: 'Newcomer Job Search Club', description: 'Canadian workplace culture and job search' },
  { name: 'Safe Food Handling Course', description: 'Certification for food service work' },
  { name: 'Class 5 Driver Training', description: 'Lessons and road test preparation' },
  { name: 'Customer Service Excellence', description: 'Retail and hospitality skills' },
  { name: 'Financial Literacy Series', description: 'Budgeting, banking and taxes' },
] as const;
