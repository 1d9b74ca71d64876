/**
 * Question templates for tool-response QA (LongFuncEval challenge 2), in the
 * three categories of the paper's Figure 2: extraction (one value of a record),
 * filtering (the ids of the records matching a condition) and aggregation
 * (min / max / sum / average / count). Every answer is computed by code from
 * the records actually shown. A template anchored at a record (`scope:
 * 'record'`) asks about the record at position p; a response-wide one about
 * all records. The last sentence of each question pins the answer's format,
 * as the paper does.
 */
import type { Json, JsonObject } from '../../core/types';
import type { QaExpected } from '../../core/expected';

export type QaCategory = 'extraction' | 'filtering' | 'aggregation';
export const QA_CATEGORIES: QaCategory[] = ['extraction', 'filtering', 'aggregation'];

export interface QaInstance {
  question: string;
  answer: QaExpected;
  /** keys and indexes from the record to the answer's value(s) */
  depthInRecord: number;
}

export interface QaTemplate {
  id: string;
  endpoint: string;
  category: QaCategory;
  scope: 'record' | 'response';
  /** null when the template does not apply to these records (e.g. no record matches) */
  make(records: readonly JsonObject[], anchor: number): QaInstance | null;
}

const NUMBER = 'Show only the number, without any currency, unit or symbol.';
const VALUE = 'Return only the value, exactly as it appears in the response.';
const YES_NO = 'Answer only yes or no.';
const COUNT = 'Answer only with the number.';
const list = (what: string) => `Output only a comma-separated list of ${what}.`;
/** Filtering answers longer than this are not asked (the question would read as a dump). */
const MAX_LIST = 12;

/** Follows keys and indexes (negative indexes count from the end). */
export function at(value: Json | undefined, ...path: (string | number)[]): Json | undefined {
  let v = value;
  for (const k of path) {
    if (v === null || v === undefined || typeof v !== 'object') return undefined;
    if (Array.isArray(v)) v = typeof k === 'number' ? v.at(k) : undefined;
    else v = typeof k === 'string' ? v[k] : undefined;
  }
  return v;
}
const num = (v: Json | undefined): number => (typeof v === 'number' ? v : Number.NaN);
const str = (v: Json | undefined): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');
const arr = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
const round2 = (v: number) => Math.round(v * 100) / 100;

const scalar = (value: string): QaExpected => ({ kind: 'scalar', value });
const number = (value: number, absTolerance?: number): QaExpected => (absTolerance === undefined ? { kind: 'number', value } : { kind: 'number', value, absTolerance });
const yesNo = (b: boolean): QaExpected => scalar(b ? 'yes' : 'no');
function ids(values: readonly string[]): QaExpected | null {
  const unique = [...new Set(values)];
  return unique.length === 0 || unique.length > MAX_LIST ? null : { kind: 'list', values: unique };
}

/** A record-anchored template: `ask` gets the anchor record. */
function onRecord(endpoint: string, id: string, category: QaCategory, depth: number, ask: (r: JsonObject) => { q: string; a: QaExpected | null } | null): QaTemplate {
  return {
    id: `${endpoint}.${id}`,
    endpoint,
    category,
    scope: 'record',
    make(records, anchor) {
      const r = records[anchor];
      if (!r) return null;
      const out = ask(r);
      return out && out.a ? { question: out.q, answer: out.a, depthInRecord: depth } : null;
    },
  };
}

/** A response-wide template: `ask` gets every record shown, and the anchor record to draw a condition from. */
function onResponse(endpoint: string, id: string, category: QaCategory, depth: number, ask: (rs: readonly JsonObject[], anchor: JsonObject) => { q: string; a: QaExpected | null } | null): QaTemplate {
  return {
    id: `${endpoint}.${id}`,
    endpoint,
    category,
    scope: 'response',
    make(records, anchor) {
      const out = ask(records, records[anchor] ?? (records[0] as JsonObject));
      return out && out.a ? { question: out.q, answer: out.a, depthInRecord: depth } : null;
    },
  };
}

/** The k-th lowest value, nudged up to the next whole number: "below T" then matches exactly the k lowest, when they are distinct. */
function thresholdForLowest(values: readonly number[], k: number): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length <= k) return null;
  const t = Math.floor(sorted[k - 1] as number) + 1;
  return (sorted[k] as number) >= t ? t : null;
}

// ---- search_flights_multi_stops -------------------------------------------------------------

const F = 'search_flights_multi_stops';
const offer = (r: JsonObject) => `offer "${str(r.offerId)}"`;
const flightPrice = (r: JsonObject, part: string) => round2(num(at(r, 'priceBreakdown', part, 'units')) + num(at(r, 'priceBreakdown', part, 'nanos')) / 1e9);
const legsOf = (r: JsonObject) => arr(r.segments).flatMap((s) => arr(at(s, 'legs')));

const FLIGHTS: QaTemplate[] = [
  onRecord(F, 'total-price', 'extraction', 3, (r) => ({ q: `What is the total price of ${offer(r)}? ${NUMBER}`, a: number(flightPrice(r, 'total')) })),
  onRecord(F, 'tax', 'extraction', 3, (r) => ({ q: `How much tax is included in the price of ${offer(r)}? ${NUMBER}`, a: number(flightPrice(r, 'tax')) })),
  onRecord(F, 'first-carrier', 'extraction', 6, (r) => ({ q: `Which airline operates the first flight of ${offer(r)}? ${VALUE}`, a: scalar(str(at(r, 'segments', 0, 'legs', 0, 'carrier', 'name'))) })),
  onRecord(F, 'second-part-flight', 'extraction', 5, (r) => ({
    q: `What is the flight number of the first flight of the second part of the trip in ${offer(r)}? ${VALUE}`,
    a: scalar(str(at(r, 'segments', 1, 'legs', 0, 'flightNumber'))),
  })),
  onRecord(F, 'departure-time', 'extraction', 3, (r) => ({
    q: `When does ${offer(r)} depart from ${str(at(r, 'segments', 0, 'departureAirport', 'city'))}? ${VALUE}`,
    a: scalar(str(at(r, 'segments', 0, 'departureTime'))),
  })),
  onRecord(F, 'last-aircraft', 'extraction', 5, (r) => ({ q: `Which aircraft flies the last flight of ${offer(r)}? ${VALUE}`, a: scalar(str(at(r, 'segments', -1, 'legs', -1, 'aircraft'))) })),
  onRecord(F, 'checked-bags', 'extraction', 2, (r) => ({ q: `How many checked bags are included in ${offer(r)}? ${COUNT}`, a: number(num(at(r, 'baggagePolicy', 'checkedBags'))) })),
  onRecord(F, 'fare-family', 'extraction', 1, (r) => ({ q: `What is the fare family of ${offer(r)}? ${VALUE}`, a: scalar(str(r.fareFamily)) })),
  onRecord(F, 'seats-left', 'extraction', 1, (r) => ({ q: `How many seats are left at the price of ${offer(r)}? ${COUNT}`, a: number(num(r.seatsLeft)) })),
  onRecord(F, 'legs-by-carrier', 'filtering', 5, (r) => {
    const carrier = str(at(legsOf(r)[0], 'carrier', 'name'));
    return {
      q: `List the flight numbers of all flights in ${offer(r)} operated by ${carrier}. ${list('flight numbers')}`,
      a: ids(
        legsOf(r)
          .filter((l) => at(l, 'carrier', 'name') === carrier)
          .map((l) => str(at(l, 'flightNumber'))),
      ),
    };
  }),
  onResponse(F, 'cheaper-than', 'filtering', 3, (rs, anchor) => {
    const t = thresholdForLowest(
      rs.map((r) => flightPrice(r, 'total')),
      1 + (rs.indexOf(anchor) % 4),
    );
    return t === null ? null : { q: `Which offers have a total price below ${t}? ${list('offer ids')}`, a: ids(rs.filter((r) => flightPrice(r, 'total') < t).map((r) => str(r.offerId))) };
  }),
  onResponse(F, 'refundable-by-carrier', 'filtering', 6, (rs, anchor) => {
    const carrier = str(at(anchor, 'segments', 0, 'legs', 0, 'carrier', 'name'));
    return {
      q: `Which refundable offers start with a flight operated by ${carrier}? ${list('offer ids')}`,
      a: ids(rs.filter((r) => r.isRefundable === true && at(r, 'segments', 0, 'legs', 0, 'carrier', 'name') === carrier).map((r) => str(r.offerId))),
    };
  }),
  onRecord(F, 'total-flight-minutes', 'aggregation', 5, (r) => ({
    q: `What is the total flying time, in minutes, of all flights of ${offer(r)} (not counting connections)? ${COUNT}`,
    a: number(legsOf(r).reduce((total: number, l) => total + num(at(l, 'durationMinutes')), 0)),
  })),
  onRecord(F, 'flight-count', 'aggregation', 3, (r) => ({ q: `How many flights in total does ${offer(r)} consist of? ${COUNT}`, a: number(legsOf(r).length) })),
  onResponse(F, 'cheapest', 'aggregation', 3, (rs) => ({ q: `What is the lowest total price among all offers? ${NUMBER}`, a: number(Math.min(...rs.map((r) => flightPrice(r, 'total')))) })),
  onResponse(F, 'refundable-count', 'aggregation', 1, (rs) => ({ q: `How many of the offers are refundable? ${COUNT}`, a: number(rs.filter((r) => r.isRefundable === true).length) })),
];

// ---- get_availability ----------------------------------------------------------------------

const A = 'get_availability';
const onDate = (r: JsonObject) => `on ${str(r.date)}`;

const AVAILABILITY: QaTemplate[] = [
  onRecord(A, 'lowest-price', 'extraction', 2, (r) => ({ q: `What is the lowest price ${onDate(r)}? ${NUMBER}`, a: number(num(at(r, 'lowestPrice', 'value'))) })),
  onRecord(A, 'rooms-left', 'extraction', 1, (r) => ({ q: `How many rooms are left ${onDate(r)}? ${COUNT}`, a: number(num(r.roomsLeft)) })),
  onRecord(A, 'saver-price', 'extraction', 4, (r) => ({ q: `What does the non-refundable saver rate cost ${onDate(r)}? ${NUMBER}`, a: number(num(at(r, 'rates', 1, 'price', 'value'))) })),
  onRecord(A, 'min-stay', 'extraction', 2, (r) => ({ q: `What is the minimum length of stay for arrivals ${onDate(r)}? ${COUNT}`, a: number(num(at(r, 'restrictions', 'minLengthOfStay'))) })),
  onRecord(A, 'flex-breakfast', 'extraction', 3, (r) => ({ q: `Is breakfast included in the flexible rate ${onDate(r)}? ${YES_NO}`, a: yesNo(at(r, 'rates', 0, 'breakfastIncluded') === true) })),
  onRecord(A, 'closed-to-arrival', 'extraction', 2, (r) => ({ q: `Is the hotel closed to arrival ${onDate(r)}? ${YES_NO}`, a: yesNo(at(r, 'restrictions', 'closedToArrival') === true) })),
  onRecord(A, 'refundable-rates', 'filtering', 3, (r) => ({
    q: `Which rate plans ${onDate(r)} are refundable? ${list('rate plan ids')}`,
    a: ids(
      arr(r.rates)
        .filter((x) => at(x, 'refundable') === true)
        .map((x) => str(at(x, 'ratePlanId'))),
    ),
  })),
  onRecord(A, 'breakfast-rates', 'filtering', 3, (r) => ({
    q: `Which rate plans ${onDate(r)} include breakfast? ${list('rate plan ids')}`,
    a: ids(
      arr(r.rates)
        .filter((x) => at(x, 'breakfastIncluded') === true)
        .map((x) => str(at(x, 'ratePlanId'))),
    ),
  })),
  onResponse(A, 'cheaper-than', 'filtering', 2, (rs, anchor) => {
    const t = thresholdForLowest(
      rs.map((r) => num(at(r, 'lowestPrice', 'value'))),
      1 + (rs.indexOf(anchor) % 4),
    );
    return t === null
      ? null
      : { q: `On which dates is the lowest price below ${t}? ${list('dates (YYYY-MM-DD)')}`, a: ids(rs.filter((r) => num(at(r, 'lowestPrice', 'value')) < t).map((r) => str(r.date))) };
  }),
  onResponse(A, 'closed-dates', 'filtering', 2, (rs) => ({
    q: `On which dates is the hotel closed to arrival? ${list('dates (YYYY-MM-DD)')}`,
    a: ids(rs.filter((r) => at(r, 'restrictions', 'closedToArrival') === true).map((r) => str(r.date))),
  })),
  onRecord(A, 'cheapest-rate', 'aggregation', 4, (r) => ({
    q: `What is the cheapest rate plan price ${onDate(r)}? ${NUMBER}`,
    a: number(Math.min(...arr(r.rates).map((x) => num(at(x, 'price', 'value'))))),
  })),
  onRecord(A, 'rate-difference', 'aggregation', 4, (r) => ({
    q: `How much more does the flexible rate cost than the non-refundable saver rate ${onDate(r)}? ${NUMBER}`,
    a: number(round2(num(at(r, 'rates', 0, 'price', 'value')) - num(at(r, 'rates', 1, 'price', 'value'))), 0.011),
  })),
  onResponse(A, 'average-lowest', 'aggregation', 2, (rs) => ({
    q: `What is the average of the lowest prices over all dates, rounded to two decimals? ${NUMBER}`,
    a: number(round2(rs.reduce((s, r) => s + num(at(r, 'lowestPrice', 'value')), 0) / rs.length), 0.011),
  })),
  onResponse(A, 'rooms-total', 'aggregation', 1, (rs) => ({ q: `What is the total number of rooms left over all dates? ${COUNT}`, a: number(rs.reduce((s, r) => s + num(r.roomsLeft), 0)) })),
  onResponse(A, 'available-days', 'aggregation', 1, (rs) => ({ q: `On how many dates is the hotel available? ${COUNT}`, a: number(rs.filter((r) => r.available === true).length) })),
];

// ---- get_room_list_with_availability -------------------------------------------------------

const R = 'get_room_list_with_availability';
const room = (r: JsonObject) => `room ${str(r.roomId)}`;
const facilityNames = (r: JsonObject) => arr(r.facilities).map((f) => str(at(f, 'name')));

const ROOMS: QaTemplate[] = [
  onRecord(R, 'gross-price', 'extraction', 3, (r) => ({ q: `What is the gross price of ${room(r)}? ${NUMBER}`, a: number(num(at(r, 'price', 'gross', 'value'))) })),
  onRecord(R, 'meal-plan', 'extraction', 2, (r) => ({ q: `What meal plan comes with ${room(r)}? ${VALUE}`, a: scalar(str(at(r, 'policies', 'mealPlan'))) })),
  onRecord(R, 'occupancy', 'extraction', 1, (r) => ({ q: `How many people can stay in ${room(r)}? ${COUNT}`, a: number(num(r.maxOccupancy)) })),
  onRecord(R, 'surface', 'extraction', 1, (r) => ({ q: `How large is ${room(r)}, in square metres? ${NUMBER}`, a: number(num(r.roomSurfaceM2)) })),
  onRecord(R, 'cancellation', 'extraction', 3, (r) => ({ q: `What kind of cancellation policy does ${room(r)} have? ${VALUE}`, a: scalar(str(at(r, 'policies', 'cancellation', 'type'))) })),
  onRecord(R, 'free-until', 'extraction', 3, (r) => ({ q: `Until when can ${room(r)} be cancelled for free? ${VALUE}`, a: scalar(str(at(r, 'policies', 'cancellation', 'freeUntil'))) })),
  onRecord(R, 'hotel', 'extraction', 1, (r) => ({ q: `Which hotel offers ${room(r)}? ${VALUE}`, a: scalar(str(r.hotelName)) })),
  onRecord(R, 'bed-type', 'extraction', 5, (r) => ({ q: `What type of bed does ${room(r)} have? ${VALUE}`, a: scalar(str(at(r, 'bedConfigurations', 0, 'beds', 0, 'type'))) })),
  onRecord(R, 'rooms-left', 'extraction', 2, (r) => ({ q: `How many rooms like ${room(r)} are left? ${COUNT}`, a: number(num(at(r, 'availability', 'roomsLeft'))) })),
  onRecord(R, 'prepayment', 'extraction', 2, (r) => ({ q: `What is the prepayment policy of ${room(r)}? ${VALUE}`, a: scalar(str(at(r, 'policies', 'prepayment'))) })),
  onRecord(R, 'facilities', 'filtering', 3, (r) => ({ q: `Which facilities does ${room(r)} have? ${list('facility names')}`, a: ids(facilityNames(r)) })),
  onResponse(R, 'facility-and-size', 'filtering', 3, (rs, anchor) => {
    const facility = facilityNames(anchor)[0] ?? '';
    const occupancy = num(anchor.maxOccupancy);
    return {
      q: `Which rooms have "${facility}" and sleep at least ${occupancy} people? ${list('room ids')}`,
      a: ids(rs.filter((r) => facilityNames(r).includes(facility) && num(r.maxOccupancy) >= occupancy).map((r) => str(r.roomId))),
    };
  }),
  onRecord(R, 'price-with-taxes', 'aggregation', 3, (r) => ({
    q: `What is the price of ${room(r)} including taxes (gross price plus taxes)? ${NUMBER}`,
    a: number(round2(num(at(r, 'price', 'gross', 'value')) + num(at(r, 'price', 'taxes', 'value'))), 0.011),
  })),
  onResponse(R, 'cheapest', 'aggregation', 3, (rs) => ({
    q: `What is the lowest gross price among all rooms? ${NUMBER}`,
    a: number(Math.min(...rs.map((r) => num(at(r, 'price', 'gross', 'value'))))),
  })),
  onResponse(R, 'average-surface', 'aggregation', 1, (rs) => ({
    q: `What is the average room surface in square metres, rounded to two decimals? ${NUMBER}`,
    a: number(round2(rs.reduce((s, r) => s + num(r.roomSurfaceM2), 0) / rs.length), 0.011),
  })),
  onResponse(R, 'free-cancellation-count', 'aggregation', 3, (rs) => ({
    q: `How many rooms can be cancelled for free? ${COUNT}`,
    a: number(rs.filter((r) => at(r, 'policies', 'cancellation', 'type') === 'free_cancellation').length),
  })),
];

// ---- get_seat_map --------------------------------------------------------------------------

const S = 'get_seat_map';
const row = (r: JsonObject) => `row ${str(r.rowNumber)} of flight ${str(r.flightNumber)}`;
const seatsOf = (r: JsonObject) => arr(r.seats);
const availableSeats = (r: JsonObject) => seatsOf(r).filter((s) => at(s, 'available') === true);

const SEATS: QaTemplate[] = [
  onRecord(S, 'seat-price', 'extraction', 4, (r) => {
    const seat = availableSeats(r)[0];
    return seat ? { q: `What does seat ${str(at(seat, 'seatId'))} on flight ${str(r.flightNumber)} cost? ${NUMBER}`, a: number(num(at(seat, 'price', 'value'))) } : null;
  }),
  onRecord(S, 'seat-available', 'extraction', 3, (r) => {
    const seat = seatsOf(r)[2];
    return { q: `Is seat ${str(at(seat, 'seatId'))} on flight ${str(r.flightNumber)} available? ${YES_NO}`, a: yesNo(at(seat, 'available') === true) };
  }),
  onRecord(S, 'cabin', 'extraction', 1, (r) => ({ q: `Which cabin class is ${row(r)}? ${VALUE}`, a: scalar(str(r.cabinClass)) })),
  onRecord(S, 'available-seats', 'filtering', 3, (r) => ({ q: `Which seats in ${row(r)} are available? ${list('seat ids (like 12A)')}`, a: ids(availableSeats(r).map((s) => str(at(s, 'seatId')))) })),
  onRecord(S, 'available-windows', 'filtering', 4, (r) => ({
    q: `Which window seats in ${row(r)} are available? ${list('seat ids (like 12A)')}`,
    a: ids(
      availableSeats(r)
        .filter((s) => arr(at(s, 'characteristics')).includes('WINDOW'))
        .map((s) => str(at(s, 'seatId'))),
    ),
  })),
  onRecord(S, 'available-aisles', 'filtering', 4, (r) => ({
    q: `Which aisle seats in ${row(r)} are available? ${list('seat ids (like 12A)')}`,
    a: ids(
      availableSeats(r)
        .filter((s) => arr(at(s, 'characteristics')).includes('AISLE'))
        .map((s) => str(at(s, 'seatId'))),
    ),
  })),
  onResponse(S, 'exit-rows', 'filtering', 1, (rs, anchor) => {
    const flight = str(anchor.flightNumber);
    return { q: `Which rows of flight ${flight} are exit rows? ${list('row numbers')}`, a: ids(rs.filter((r) => r.flightNumber === flight && r.exitRow === true).map((r) => str(r.rowNumber))) };
  }),
  onRecord(S, 'available-count', 'aggregation', 3, (r) => ({ q: `How many seats are available in ${row(r)}? ${COUNT}`, a: number(availableSeats(r).length) })),
  onRecord(S, 'cheapest-in-row', 'aggregation', 4, (r) => {
    const prices = availableSeats(r).map((s) => num(at(s, 'price', 'value')));
    return prices.length ? { q: `What is the cheapest available seat in ${row(r)}? ${NUMBER}`, a: number(Math.min(...prices)) } : null;
  }),
  onRecord(S, 'row-total', 'aggregation', 4, (r) => {
    const prices = availableSeats(r).map((s) => num(at(s, 'price', 'value')));
    return prices.length ? { q: `What would it cost to book every available seat in ${row(r)}? ${NUMBER}`, a: number(round2(prices.reduce((a, b) => a + b, 0)), 0.011) } : null;
  }),
  onResponse(S, 'flight-available', 'aggregation', 3, (rs, anchor) => {
    const flight = str(anchor.flightNumber);
    return { q: `How many seats are available on flight ${flight} in all? ${COUNT}`, a: number(rs.filter((r) => r.flightNumber === flight).reduce((s, r) => s + availableSeats(r).length, 0)) };
  }),
  onResponse(S, 'cheapest-exit', 'aggregation', 4, (rs, anchor) => {
    const flight = str(anchor.flightNumber);
    const prices = rs.filter((r) => r.flightNumber === flight && r.exitRow === true).flatMap((r) => availableSeats(r).map((s) => num(at(s, 'price', 'value'))));
    return prices.length ? { q: `What is the cheapest available exit-row seat on flight ${flight}? ${NUMBER}`, a: number(Math.min(...prices)) } : null;
  }),
];

// ---- search_car_rentals --------------------------------------------------------------------

const C = 'search_car_rentals';
const vehicle = (r: JsonObject) => `vehicle "${str(r.vehicleId)}"`;

const CARS: QaTemplate[] = [
  onRecord(C, 'cleanliness', 'extraction', 2, (r) => ({ q: `What is the cleanliness rating of ${vehicle(r)}? ${NUMBER}`, a: number(num(at(r, 'ratingInfo', 'cleanliness'))) })),
  onRecord(C, 'supplier', 'extraction', 2, (r) => ({ q: `Which company rents out ${vehicle(r)}? ${VALUE}`, a: scalar(str(at(r, 'supplierInfo', 'name'))) })),
  onRecord(C, 'base-price', 'extraction', 2, (r) => ({ q: `What is the base price of ${vehicle(r)}? ${NUMBER}`, a: number(num(at(r, 'pricingInfo', 'basePrice'))) })),
  onRecord(C, 'deposit', 'extraction', 2, (r) => ({ q: `How large is the deposit for ${vehicle(r)}? ${NUMBER}`, a: number(num(at(r, 'pricingInfo', 'deposit'))) })),
  onRecord(C, 'transmission', 'extraction', 2, (r) => ({ q: `What transmission does ${vehicle(r)} have? ${VALUE}`, a: scalar(str(at(r, 'vehicleInfo', 'transmission'))) })),
  onRecord(C, 'fuel-policy', 'extraction', 2, (r) => ({ q: `What is the fuel policy of ${vehicle(r)}? ${VALUE}`, a: scalar(str(at(r, 'vehicleInfo', 'fuelPolicy'))) })),
  onRecord(C, 'mileage', 'extraction', 2, (r) => ({ q: `What mileage is included with ${vehicle(r)}? ${VALUE}`, a: scalar(str(at(r, 'vehicleInfo', 'mileage'))) })),
  onResponse(C, 'free-cancellation-group', 'filtering', 2, (rs, anchor) => {
    const group = str(at(anchor, 'vehicleInfo', 'group'));
    return {
      q: `Which ${group} cars have free cancellation? ${list('vehicle ids')}`,
      a: ids(rs.filter((r) => at(r, 'vehicleInfo', 'group') === group && at(r, 'vehicleInfo', 'freeCancellation') === 1).map((r) => str(r.vehicleId))),
    };
  }),
  onResponse(C, 'supplier-automatic', 'filtering', 2, (rs, anchor) => {
    const supplier = str(at(anchor, 'supplierInfo', 'name'));
    return {
      q: `Which cars from ${supplier} have an automatic transmission? ${list('vehicle ids')}`,
      a: ids(rs.filter((r) => at(r, 'supplierInfo', 'name') === supplier && at(r, 'vehicleInfo', 'transmission') === 'Automatic').map((r) => str(r.vehicleId))),
    };
  }),
  onResponse(C, 'many-seats', 'filtering', 2, (rs) => ({
    q: `Which cars have more than 5 seats? ${list('vehicle ids')}`,
    a: ids(rs.filter((r) => num(at(r, 'vehicleInfo', 'seats')) > 5).map((r) => str(r.vehicleId))),
  })),
  onRecord(C, 'mean-rating', 'aggregation', 2, (r) => ({
    q: `What is the average of the cleanliness, condition and value-for-money ratings of ${vehicle(r)}, rounded to two decimals? ${NUMBER}`,
    a: number(round2((num(at(r, 'ratingInfo', 'cleanliness')) + num(at(r, 'ratingInfo', 'condition')) + num(at(r, 'ratingInfo', 'valueForMoney'))) / 3), 0.011),
  })),
  onResponse(C, 'cheapest', 'aggregation', 2, (rs) => ({
    q: `What is the cheapest base price among all cars? ${NUMBER}`,
    a: number(Math.min(...rs.map((r) => num(at(r, 'pricingInfo', 'basePrice'))))),
  })),
  onResponse(C, 'average-rating', 'aggregation', 2, (rs) => ({
    q: `What is the average overall rating of all cars, rounded to two decimals? ${NUMBER}`,
    a: number(round2(rs.reduce((s, r) => s + num(at(r, 'ratingInfo', 'average')), 0) / rs.length), 0.011),
  })),
  onResponse(C, 'automatic-count', 'aggregation', 2, (rs) => ({
    q: `How many cars have an automatic transmission? ${COUNT}`,
    a: number(rs.filter((r) => at(r, 'vehicleInfo', 'transmission') === 'Automatic').length),
  })),
];

export const QA_TEMPLATES: readonly QaTemplate[] = [...FLIGHTS, ...AVAILABILITY, ...ROOMS, ...SEATS, ...CARS];

/** Questions per endpoint and category in the paper's dataset (its Table 4): our category mix follows it. */
export const PAPER_MIX: Record<string, Record<QaCategory, number>> = {
  search_flights_multi_stops: { extraction: 100, filtering: 26, aggregation: 26 },
  get_availability: { extraction: 47, filtering: 39, aggregation: 46 },
  get_room_list_with_availability: { extraction: 96, filtering: 13, aggregation: 17 },
  get_seat_map: { extraction: 16, filtering: 40, aggregation: 40 },
  search_car_rentals: { extraction: 20, filtering: 20, aggregation: 20 },
};
