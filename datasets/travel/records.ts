/**
 * Seeded REST-style records for five travel endpoints, shaped like the
 * booking APIs behind LongFuncEval's challenge 2 (deeply nested: prices as
 * currency objects, segments with legs, facilities, policies, ids). Record i
 * of an endpoint is a pure function of (seed, endpoint, i), so a response of
 * n records is always a prefix of a response of more records.
 */
import { hashString, Rng } from '../../src/lib/core/random';
import type { JsonObject, ResponseSet } from '../../src/lib/core/types';
import {
  AIRCRAFT,
  type Airport,
  AIRPORTS,
  CAR_MODELS,
  CAR_SUPPLIERS,
  CARRIERS,
  FARE_FAMILIES,
  FINE_PRINT,
  FUEL_POLICIES,
  HOTEL_NAMES,
  MEAL_PLANS,
  ROOM_FACILITIES,
  ROOM_KINDS,
  WEEKDAYS,
} from './world';

export const ENDPOINTS = ['search_flights_multi_stops', 'get_availability', 'get_room_list_with_availability', 'get_seat_map', 'search_car_rentals'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const round2 = (v: number) => Math.round(v * 100) / 100;

function addMinutes(iso: string, minutes: number): string {
  const d = new Date(`${iso}Z`);
  d.setUTCMinutes(d.getUTCMinutes() + minutes);
  return d.toISOString().slice(0, 19);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function finePrint(rng: Rng, sentences: number): string {
  return rng.sample(FINE_PRINT, sentences).join(' ');
}

/** booking.com's money shape: whole units and nanos. */
function money(currencyCode: string, amount: number): JsonObject {
  const units = Math.floor(amount);
  return { currencyCode, units, nanos: Math.round((amount - units) * 100) * 10_000_000 };
}

function airportRef(a: Airport): JsonObject {
  return { code: a.code, name: a.name, city: a.city, country: a.country };
}

/** Parameters of one response: the call's arguments. */
export interface ResponseParams {
  origin: Airport;
  via: Airport;
  destination: Airport;
  date: string;
  city: string;
  currency: string;
}

export function responseParams(seed: number | string, endpoint: Endpoint, variant = 0): ResponseParams {
  const rng = new Rng(`travel-params:${seed}:${endpoint}:${variant}`);
  const [origin, via, destination] = rng.sample(AIRPORTS, 3) as [Airport, Airport, Airport];
  const day = 1 + rng.int(27);
  const month = 3 + rng.int(6);
  return { origin, via, destination, date: `2025-${pad(month)}-${pad(day)}`, city: destination.city, currency: rng.pick(['EUR', 'USD', 'GBP']) };
}

function flightOffer(rng: Rng, i: number, p: ResponseParams): JsonObject {
  const routes: [Airport, Airport, string][] = [
    [p.origin, p.via, p.date],
    [p.via, p.destination, addDays(p.date, 2 + rng.int(4))],
  ];
  const segments = routes.map(([from, to, date]) => {
    const hub = rng.next() < 0.45 ? rng.pick(AIRPORTS.filter((a) => a !== from && a !== to)) : null;
    const stops = hub ? [from, hub, to] : [from, to];
    let t = `${date}T${pad(6 + rng.int(14))}:${pad(5 * rng.int(12))}:00`;
    const departure = t;
    const legs = stops.slice(1).map((arr, k) => {
      const dep = stops[k] as Airport;
      const carrier = rng.pick(CARRIERS);
      const duration = 55 + rng.int(560);
      const leg = {
        flightNumber: `${carrier.code} ${100 + rng.int(8900)}`,
        carrier: { code: carrier.code, name: carrier.name },
        cabinClass: 'ECONOMY',
        departureAirport: dep.code,
        arrivalAirport: arr.code,
        departureTime: t,
        arrivalTime: addMinutes(t, duration),
        durationMinutes: duration,
        aircraft: rng.pick(AIRCRAFT),
      };
      t = addMinutes(leg.arrivalTime, 50 + rng.int(180));
      return leg;
    });
    const arrival = (legs.at(-1) as { arrivalTime: string }).arrivalTime;
    const total = Math.round((Date.parse(`${arrival}Z`) - Date.parse(`${departure}Z`)) / 60000);
    return { departureAirport: airportRef(from), arrivalAirport: airportRef(to), departureTime: departure, arrivalTime: arrival, totalTimeMinutes: total, legs };
  });
  const base = round2(90 + rng.next() * 900);
  const tax = round2(base * (0.12 + rng.next() * 0.2));
  return {
    offerId: `FO-${hashString(`${p.date}:${i}`).slice(0, 6).toUpperCase()}`,
    token: hashString(`token:${i}:${p.origin.code}`),
    segments,
    priceBreakdown: { total: money(p.currency, round2(base + tax)), baseFare: money(p.currency, base), tax: money(p.currency, tax) },
    baggagePolicy: { cabinBags: 1, checkedBags: rng.int(3), checkedBagWeightKg: rng.pick([20, 23, 32]) },
    fareFamily: rng.pick(FARE_FAMILIES),
    isRefundable: rng.next() < 0.3,
    seatsLeft: 1 + rng.int(9),
    fareRules: finePrint(rng, 7),
  };
}

function availabilityDay(rng: Rng, i: number, p: ResponseParams): JsonObject {
  const date = addDays(p.date, i);
  const available = rng.next() < 0.8;
  return {
    date,
    dayOfWeek: WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] as string,
    available,
    roomsLeft: available ? 1 + rng.int(12) : 0,
    lowestPrice: { currency: p.currency, value: round2(70 + rng.next() * 380) },
    rates: [
      { ratePlanId: `RP-${i}-A`, name: 'Flexible rate', price: { currency: p.currency, value: round2(90 + rng.next() * 420) }, refundable: true, breakfastIncluded: rng.next() < 0.5 },
      { ratePlanId: `RP-${i}-B`, name: 'Non-refundable saver', price: { currency: p.currency, value: round2(60 + rng.next() * 320) }, refundable: false, breakfastIncluded: rng.next() < 0.3 },
    ],
    restrictions: { minLengthOfStay: 1 + rng.int(3), closedToArrival: rng.next() < 0.1, closedToDeparture: rng.next() < 0.1 },
    notes: finePrint(rng, 4),
  };
}

function roomBlock(rng: Rng, i: number, p: ResponseParams): JsonObject {
  const kind = rng.pick(ROOM_KINDS);
  const hotel = `${rng.pick(HOTEL_NAMES)} Hotel ${p.city}`;
  const gross = round2(80 + rng.next() * 520);
  return {
    roomId: 100000 + (Number.parseInt(hashString(`room:${i}:${p.city}`).slice(0, 6), 16) % 900000),
    blockId: `${hashString(`block:${i}`).slice(0, 8)}_${i}`,
    hotelName: hotel,
    name: kind,
    maxOccupancy: kind.includes('Family') ? 4 : kind.includes('Single') ? 1 : 2 + rng.int(2),
    roomSurfaceM2: 14 + rng.int(50),
    bedConfigurations: [{ beds: [{ type: rng.pick(['double', 'queen', 'king', 'twin', 'single']), count: 1 + rng.int(2) }] }],
    facilities: rng.sample(ROOM_FACILITIES, 3 + rng.int(4)).map((name) => ({ id: 10 + ROOM_FACILITIES.indexOf(name), name })),
    price: { gross: { currency: p.currency, value: gross }, taxes: { currency: p.currency, value: round2(gross * 0.1) } },
    policies: {
      mealPlan: rng.pick(MEAL_PLANS),
      cancellation: { type: rng.next() < 0.55 ? 'free_cancellation' : 'non_refundable', freeUntil: `${addDays(p.date, -(1 + rng.int(10)))}T23:59:00` },
      prepayment: rng.pick(['no prepayment', 'pay in advance', 'deposit required']),
    },
    availability: { roomsLeft: 1 + rng.int(6) },
    description: finePrint(rng, 4),
  };
}

function seatRow(rng: Rng, i: number, p: ResponseParams): JsonObject {
  const rowsPerFlight = 32;
  const flight = Math.floor(i / rowsPerFlight);
  const carrier = CARRIERS[Number.parseInt(hashString(`${p.date}:${flight}`).slice(0, 4), 16) % CARRIERS.length] as (typeof CARRIERS)[number];
  const flightNumber = `${carrier.code} ${1000 + ((flight * 379 + p.origin.code.charCodeAt(0)) % 8000)}`;
  const rowNumber = 8 + (i % rowsPerFlight);
  const exit = rowNumber === 14 || rowNumber === 15 || rowNumber === 30;
  const seats = ['A', 'B', 'C', 'D', 'E', 'F'].map((column) => {
    const available = rng.next() < 0.45;
    const characteristics = [
      column === 'A' || column === 'F' ? 'WINDOW' : column === 'C' || column === 'D' ? 'AISLE' : 'MIDDLE',
      ...(exit ? ['EXIT_ROW'] : []),
      ...(rowNumber < 12 ? ['EXTRA_LEGROOM'] : []),
    ];
    return { seatId: `${rowNumber}${column}`, column, available, characteristics, price: available ? { currency: p.currency, value: round2((exit || rowNumber < 12 ? 25 : 8) + rng.int(30)) } : null };
  });
  return {
    flightNumber,
    rowNumber,
    cabinClass: rowNumber < 12 ? 'PREMIUM_ECONOMY' : 'ECONOMY',
    exitRow: exit,
    overWing: rowNumber >= 16 && rowNumber <= 22,
    seats,
    remarks: finePrint(rng, 4),
  };
}

function carOffer(rng: Rng, i: number, p: ResponseParams): JsonObject {
  const model = rng.pick(CAR_MODELS);
  const base = round2(18 + rng.next() * 140);
  return {
    vehicleId: String(700000000 + (Number.parseInt(hashString(`car:${i}:${p.city}`).slice(0, 7), 16) % 99999999)),
    vehicleInfo: {
      name: `${model.name} or similar`,
      group: model.group,
      transmission: rng.next() < 0.6 ? 'Manual' : 'Automatic',
      seats: model.seats,
      doors: model.doors,
      airConditioning: rng.next() < 0.9,
      mileage: rng.next() < 0.7 ? 'Unlimited' : `${500 + 100 * rng.int(10)} km`,
      fuelPolicy: rng.pick(FUEL_POLICIES),
      freeCancellation: rng.next() < 0.5 ? 1 : 0,
    },
    supplierInfo: { name: rng.pick(CAR_SUPPLIERS), locationType: rng.pick(['In terminal', 'Shuttle bus', 'Meet and greet']), address: `${1 + rng.int(120)} Airport Road, ${p.city}` },
    pricingInfo: { currency: p.currency, basePrice: base, price: round2(base * 1.21), deposit: 200 + 50 * rng.int(20) },
    ratingInfo: {
      average: round2(6 + rng.next() * 4),
      cleanliness: round2(6 + rng.next() * 4),
      condition: round2(6 + rng.next() * 4),
      valueForMoney: round2(6 + rng.next() * 4),
      numberOfRatings: 10 + rng.int(3000),
    },
    importantInfo: finePrint(rng, 4),
  };
}

interface EndpointSpec {
  make: (rng: Rng, i: number, p: ResponseParams) => JsonObject;
  request: (p: ResponseParams) => JsonObject;
  recordsPath: string[];
  freeTextField: string;
}

export const ENDPOINT_SPECS: Record<Endpoint, EndpointSpec> = {
  search_flights_multi_stops: {
    make: flightOffer,
    request: (p) => ({
      legs: [
        { fromId: `${p.origin.code}.AIRPORT`, toId: `${p.via.code}.AIRPORT`, date: p.date },
        { fromId: `${p.via.code}.AIRPORT`, toId: `${p.destination.code}.AIRPORT`, date: addDays(p.date, 3) },
      ],
      cabinClass: 'ECONOMY',
      currency_code: p.currency,
    }),
    recordsPath: ['data', 'flightOffers'],
    freeTextField: 'fareRules',
  },
  get_availability: {
    make: availabilityDay,
    request: (p) => ({ hotel_id: `H-${p.city.slice(0, 3).toUpperCase()}-221`, from_date: p.date, currency_code: p.currency }),
    recordsPath: ['data', 'availability'],
    freeTextField: 'notes',
  },
  get_room_list_with_availability: {
    make: roomBlock,
    request: (p) => ({ city: p.city, arrival_date: p.date, departure_date: addDays(p.date, 3), adults: 2, currency_code: p.currency }),
    recordsPath: ['data', 'blocks'],
    freeTextField: 'description',
  },
  get_seat_map: {
    make: seatRow,
    request: (p) => ({ offerToken: hashString(`seatmap:${p.date}`), currency_code: p.currency }),
    recordsPath: ['data', 'seatMap', 'rows'],
    freeTextField: 'remarks',
  },
  search_car_rentals: {
    make: carOffer,
    request: (p) => ({ pick_up_location: `${p.destination.code} airport`, pick_up_date: p.date, drop_off_date: addDays(p.date, 5), currency_code: p.currency }),
    recordsPath: ['data', 'searchResults'],
    freeTextField: 'importantInfo',
  },
};

/** The response of one call of `endpoint`: its first `count` records. */
export function buildResponseSet(seed: number | string, endpoint: Endpoint, count: number, variant = 0): ResponseSet {
  const spec = ENDPOINT_SPECS[endpoint];
  const params = responseParams(seed, endpoint, variant);
  const records = Array.from({ length: count }, (_, i) => spec.make(new Rng(`travel-record:${seed}:${endpoint}:${variant}:${i}`), i, params));
  return {
    endpoint,
    request: spec.request(params),
    envelope: { status: true, message: 'Success', timestamp: 1741000000000 + Number.parseInt(hashString(`${seed}:${endpoint}:${variant}`).slice(0, 6), 16) },
    recordsPath: spec.recordsPath,
    freeTextField: spec.freeTextField,
    records,
    notice: new Rng(`travel-notice:${seed}:${endpoint}:${variant}`).shuffle(Array.from({ length: 5 }, () => FINE_PRINT).flat()).join(' '),
  };
}
