/**
 * The fixed world the simulated services answer from: cities, companies,
 * currencies, people, files and database tables. Anything not listed gets
 * seeded values from its name, so every well-formed request has an answer.
 */
import type { JsonObject } from '../../core/types';
import { keyed, round } from '../define';

/** The simulated clock: "now" for every tool that needs it. */
export const SIMULATED_NOW = '2026-01-15T09:30:00Z';

export interface City {
  name: string;
  country: string;
  countryCode: string;
  timezone: string;
  /** offset from UTC in hours (January) */
  utcOffset: number;
  currency: string;
  lat: number;
  lon: number;
  population: number;
}

const c = (name: string, country: string, countryCode: string, timezone: string, utcOffset: number, currency: string, lat: number, lon: number, population: number): City => ({
  name,
  country,
  countryCode,
  timezone,
  utcOffset,
  currency,
  lat,
  lon,
  population,
});

export const CITIES: City[] = [
  c('Paris', 'France', 'FR', 'Europe/Paris', 1, 'EUR', 48.8566, 2.3522, 2102650),
  c('London', 'United Kingdom', 'GB', 'Europe/London', 0, 'GBP', 51.5072, -0.1276, 8866180),
  c('Berlin', 'Germany', 'DE', 'Europe/Berlin', 1, 'EUR', 52.52, 13.405, 3878100),
  c('Madrid', 'Spain', 'ES', 'Europe/Madrid', 1, 'EUR', 40.4168, -3.7038, 3332035),
  c('Rome', 'Italy', 'IT', 'Europe/Rome', 1, 'EUR', 41.9028, 12.4964, 2755309),
  c('Lisbon', 'Portugal', 'PT', 'Europe/Lisbon', 0, 'EUR', 38.7223, -9.1393, 545796),
  c('Amsterdam', 'Netherlands', 'NL', 'Europe/Amsterdam', 1, 'EUR', 52.3676, 4.9041, 921402),
  c('Vienna', 'Austria', 'AT', 'Europe/Vienna', 1, 'EUR', 48.2082, 16.3738, 2005760),
  c('Stockholm', 'Sweden', 'SE', 'Europe/Stockholm', 1, 'SEK', 59.3293, 18.0686, 984748),
  c('Oslo', 'Norway', 'NO', 'Europe/Oslo', 1, 'NOK', 59.9139, 10.7522, 709037),
  c('Helsinki', 'Finland', 'FI', 'Europe/Helsinki', 2, 'EUR', 60.1699, 24.9384, 674500),
  c('Warsaw', 'Poland', 'PL', 'Europe/Warsaw', 1, 'PLN', 52.2297, 21.0122, 1863056),
  c('Zurich', 'Switzerland', 'CH', 'Europe/Zurich', 1, 'CHF', 47.3769, 8.5417, 423193),
  c('New York', 'United States', 'US', 'America/New_York', -5, 'USD', 40.7128, -74.006, 8258035),
  c('Chicago', 'United States', 'US', 'America/Chicago', -6, 'USD', 41.8781, -87.6298, 2664452),
  c('San Francisco', 'United States', 'US', 'America/Los_Angeles', -8, 'USD', 37.7749, -122.4194, 808988),
  c('Toronto', 'Canada', 'CA', 'America/Toronto', -5, 'CAD', 43.6532, -79.3832, 2794356),
  c('Mexico City', 'Mexico', 'MX', 'America/Mexico_City', -6, 'MXN', 19.4326, -99.1332, 9209944),
  c('São Paulo', 'Brazil', 'BR', 'America/Sao_Paulo', -3, 'BRL', -23.5505, -46.6333, 11451999),
  c('Buenos Aires', 'Argentina', 'AR', 'America/Argentina/Buenos_Aires', -3, 'ARS', -34.6037, -58.3816, 3121707),
  c('Tokyo', 'Japan', 'JP', 'Asia/Tokyo', 9, 'JPY', 35.6762, 139.6503, 14094034),
  c('Seoul', 'South Korea', 'KR', 'Asia/Seoul', 9, 'KRW', 37.5665, 126.978, 9386034),
  c('Singapore', 'Singapore', 'SG', 'Asia/Singapore', 8, 'SGD', 1.3521, 103.8198, 5917600),
  c('Mumbai', 'India', 'IN', 'Asia/Kolkata', 5.5, 'INR', 19.076, 72.8777, 12442373),
  c('Dubai', 'United Arab Emirates', 'AE', 'Asia/Dubai', 4, 'AED', 25.2048, 55.2708, 3604030),
  c('Sydney', 'Australia', 'AU', 'Australia/Sydney', 11, 'AUD', -33.8688, 151.2093, 5450496),
  c('Cairo', 'Egypt', 'EG', 'Africa/Cairo', 2, 'EGP', 30.0444, 31.2357, 10230350),
  c('Nairobi', 'Kenya', 'KE', 'Africa/Nairobi', 3, 'KES', -1.2921, 36.8219, 4397073),
];

export function findCity(name: string): City | undefined {
  const n = name.trim().toLowerCase();
  return CITIES.find((x) => x.name.toLowerCase() === n);
}

/** A listed city, or a seeded stand-in for any other place name. */
export function cityOrSeeded(name: string): City {
  const known = findCity(name);
  if (known) return known;
  const r = keyed(name, 'city');
  return c(name.trim(), 'Unknown', 'XX', 'UTC', 0, 'USD', round(r.next() * 140 - 60, 4), round(r.next() * 360 - 180, 4), 10000 + r.int(2_000_000));
}

/** Units of each currency per US dollar (approximate mid-market levels). */
export const USD_RATES: Record<string, number> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  JPY: 148.2,
  CHF: 0.88,
  CAD: 1.35,
  AUD: 1.52,
  SEK: 10.4,
  NOK: 10.6,
  PLN: 4.0,
  INR: 83.1,
  BRL: 4.95,
  MXN: 17.1,
  SGD: 1.34,
  KRW: 1330,
  AED: 3.6725,
  ARS: 830,
  EGP: 30.9,
  KES: 160,
  CNY: 7.2,
};

export interface Company {
  symbol: string;
  name: string;
  sector: string;
  price: number;
  headquarters: string;
}

export const COMPANIES: Company[] = [
  { symbol: 'AAPL', name: 'Apple', sector: 'Technology', price: 189.84, headquarters: 'Cupertino' },
  { symbol: 'MSFT', name: 'Microsoft', sector: 'Technology', price: 402.56, headquarters: 'Redmond' },
  { symbol: 'GOOGL', name: 'Alphabet', sector: 'Technology', price: 142.71, headquarters: 'Mountain View' },
  { symbol: 'AMZN', name: 'Amazon', sector: 'Consumer', price: 155.2, headquarters: 'Seattle' },
  { symbol: 'TSLA', name: 'Tesla', sector: 'Automotive', price: 218.89, headquarters: 'Austin' },
  { symbol: 'NVDA', name: 'Nvidia', sector: 'Semiconductors', price: 547.1, headquarters: 'Santa Clara' },
  { symbol: 'META', name: 'Meta Platforms', sector: 'Technology', price: 374.49, headquarters: 'Menlo Park' },
  { symbol: 'PYPL', name: 'PayPal', sector: 'Financial services', price: 61.42, headquarters: 'San Jose' },
  { symbol: 'NFLX', name: 'Netflix', sector: 'Media', price: 485.09, headquarters: 'Los Gatos' },
  { symbol: 'IBM', name: 'IBM', sector: 'Technology', price: 166.84, headquarters: 'Armonk' },
  { symbol: 'KO', name: 'Coca-Cola', sector: 'Beverages', price: 59.92, headquarters: 'Atlanta' },
  { symbol: 'DIS', name: 'Walt Disney', sector: 'Media', price: 91.33, headquarters: 'Burbank' },
];

export function findCompany(symbolOrName: string): Company | undefined {
  const n = symbolOrName.trim().toLowerCase();
  return COMPANIES.find((x) => x.symbol.toLowerCase() === n || x.name.toLowerCase() === n);
}

export interface Person {
  name: string;
  role: string;
  organization: string;
  email: string;
  city: string;
}

export const PEOPLE: Person[] = [
  { name: 'Ada Lovelace', role: 'Mathematician', organization: 'Analytical Engine Society', email: 'ada@engines.example', city: 'London' },
  { name: 'Marie Curie', role: 'Physicist', organization: 'Radium Institute', email: 'marie@radium.example', city: 'Paris' },
  { name: 'Alan Turing', role: 'Computer scientist', organization: 'University of Manchester', email: 'alan@manchester.example', city: 'London' },
  { name: 'Grace Hopper', role: 'Computer scientist', organization: 'US Navy', email: 'grace@navy.example', city: 'New York' },
  { name: 'Katherine Johnson', role: 'Mathematician', organization: 'NASA', email: 'katherine@nasa.example', city: 'Chicago' },
  { name: 'Tim Berners-Lee', role: 'Engineer', organization: 'W3C', email: 'tim@w3.example', city: 'Zurich' },
];

/** The simulated file system: path → content. */
export const FILES: Record<string, string> = {
  '/reports/q3_summary.txt': 'Revenue grew 12 percent in the third quarter, driven by strong demand in Europe. Costs rose 4 percent. The team expects growth to continue next quarter.',
  '/notes/meeting_2026-01-12.txt': 'Attendees agreed to launch the pilot in Lisbon in March. Budget approved: 45000 EUR. Next review on 2026-02-02.',
  '/data/sales.csv': 'region,units,revenue\nnorth,120,2400\nsouth,95,1900\neast,143,2860\nwest,88,1760',
  '/docs/readme.md': 'This project measures how well language models call functions. Install the dependencies and run the tests.',
  '/logs/app.log': '2026-01-14 10:02 INFO started\n2026-01-14 10:05 WARN slow response from payments\n2026-01-14 10:09 ERROR timeout calling inventory',
  '/drafts/press_release.txt': 'Our new product is fantastic and customers love it. The launch was a great success in every market.',
};

/** Database tables for database_query. */
export const TABLES: Record<string, JsonObject[]> = {
  employees: [
    { id: 1, name: 'Ana Silva', department: 'engineering', salary: 72000, city: 'Lisbon' },
    { id: 2, name: 'Ben Okafor', department: 'sales', salary: 58000, city: 'London' },
    { id: 3, name: 'Chen Wei', department: 'engineering', salary: 81000, city: 'Singapore' },
    { id: 4, name: 'Dara Novak', department: 'marketing', salary: 61000, city: 'Berlin' },
    { id: 5, name: 'Eli Cohen', department: 'sales', salary: 64000, city: 'New York' },
    { id: 6, name: 'Fatima Zahra', department: 'engineering', salary: 77000, city: 'Paris' },
  ],
  orders: [
    { id: 101, customer: 'Acme Corp', amount: 1250.5, status: 'shipped', region: 'north' },
    { id: 102, customer: 'Globex', amount: 830, status: 'pending', region: 'south' },
    { id: 103, customer: 'Initech', amount: 2210.75, status: 'shipped', region: 'east' },
    { id: 104, customer: 'Umbrella', amount: 415.2, status: 'cancelled', region: 'west' },
    { id: 105, customer: 'Hooli', amount: 1780, status: 'pending', region: 'north' },
  ],
  products: [
    { id: 'P-100', name: 'Desk lamp', category: 'home', price: 39.99, stock: 120 },
    { id: 'P-101', name: 'Office chair', category: 'furniture', price: 189, stock: 35 },
    { id: 'P-102', name: 'Notebook', category: 'stationery', price: 4.5, stock: 900 },
    { id: 'P-103', name: 'Monitor', category: 'electronics', price: 249.99, stock: 60 },
    { id: 'P-104', name: 'Keyboard', category: 'electronics', price: 79, stock: 210 },
  ],
};

/** Pre-populated memory of the simulated assistant. */
export const MEMORIES: Record<string, string> = {
  favorite_city: 'Lisbon',
  home_airport: 'LHR',
  manager_email: 'maria.lopez@company.example',
  project_code: 'ORION-7',
  preferred_currency: 'EUR',
  team_size: '14',
};

export const SESSION = { user_id: 'u-4821', user_name: 'Sam Rivera', locale: 'en-GB', timezone: 'Europe/London', email: 'sam.rivera@company.example' };
