/**
 * Builders of the two built-in travel packs of LongFuncEval's challenges 2
 * and 3: the records of five endpoints' responses (questions are asked about
 * them by the response-qa suite), and base conversations whose final call
 * depends on a fact stated early, with the filler exchanges that lengthen
 * them. Deterministic: the same seed gives the same packs, byte for byte.
 */
import { fromPlain, type PyDict } from '../../src/lib/core/pyvalue';
import { hashString, Rng } from '../../src/lib/core/random';
import type { ConversationSeed, FillerEpisode, JsonObject, Pack, ToolSchema } from '../../src/lib/core/types';
import { formatPythonCalls } from '../../src/lib/parsing/format-calls';
import { buildResponseSet, type Endpoint, ENDPOINTS, responseParams } from './records';
import { AIRPORTS, CARRIERS } from './world';

export const RESPONSES_PACK_ID = 'builtin-travel-responses';
export const CONVERSATIONS_PACK_ID = 'builtin-travel-conversations';
export const TRAVEL_VERSION = 1;
export const TRAVEL_SEED = 42;
/** Records per endpoint: about 70K tokens of each (a flight offer is ~3× longer than the other records). */
export const RECORDS_PER_ENDPOINT: Record<Endpoint, number> = {
  search_flights_multi_stops: 120,
  get_availability: 400,
  get_room_list_with_availability: 330,
  get_seat_map: 300,
  search_car_rentals: 380,
};
export const BASE_CONVERSATIONS = 120;
export const FILLER_EPISODES = 60;
/** Records per filler response (whole exchanges show the first FILLER_SHOWN; the one that absorbs the last gap may show more). */
export const FILLER_RECORDS = 16;
export const FILLER_SHOWN = 6;

export function buildResponsesPack(seed = TRAVEL_SEED): Pack {
  return {
    id: RESPONSES_PACK_ID,
    name: 'Travel API responses (built-in)',
    source: 'builtin',
    description: `Responses of five travel endpoints (${ENDPOINTS.join(', ')}), 120–400 nested records each (about 70K tokens per endpoint), generated from seed ${seed}; questions are asked about them by the tool-response QA suite.`,
    createdAt: 0,
    tools: [],
    items: [],
    responses: ENDPOINTS.map((e) => buildResponseSet(seed, e, RECORDS_PER_ENDPOINT[e])),
  };
}

const str = (description: string, extra: Partial<ToolSchema['parameters']['properties'][string]> = {}) => ({ type: 'string', description, ...extra });
const tool = (name: string, description: string, properties: ToolSchema['parameters']['properties'], required = Object.keys(properties)): ToolSchema => ({
  name,
  description,
  parameters: { type: 'dict', properties, required },
});

export const TRAVEL_TOOLS: ToolSchema[] = [
  tool('get_traveller_profile', 'Get the stored profile of a traveller: workplace, home airport, loyalty programmes, reservations and preferences.', {
    traveller_id: str('Id of the traveller, like T-1234.'),
  }),
  tool(
    'search_flights_multi_stops',
    'Search itineraries made of several flights, one leg per city pair.',
    {
      legs: { type: 'array', items: { type: 'dict' }, description: 'Legs in order, each {"fromId": "LHR.AIRPORT", "toId": "JFK.AIRPORT", "date": "YYYY-MM-DD"}.' },
      cabinClass: str('Cabin class.', { enum: ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'] }),
      currency_code: str('Currency of the prices, like EUR.'),
    },
    ['legs'],
  ),
  tool('search_flights', 'Search direct and connecting flights between two airports on a date.', {
    origin: str('IATA code of the departure airport.'),
    destination: str('IATA code of the arrival airport, or the city.'),
    date: str('Departure date, YYYY-MM-DD.'),
  }),
  tool(
    'get_availability',
    'Availability and prices of a hotel per night, from a date on.',
    { hotel_id: str('Hotel id.'), from_date: str('First night, YYYY-MM-DD.'), currency_code: str('Currency of the prices.') },
    ['hotel_id', 'from_date'],
  ),
  tool(
    'get_room_list_with_availability',
    'Rooms of the hotels in a city with their prices and policies for the given dates.',
    {
      city: str('City.'),
      arrival_date: str('YYYY-MM-DD.'),
      departure_date: str('YYYY-MM-DD.'),
      adults: { type: 'integer', description: 'Number of adults.' },
      currency_code: str('Currency of the prices.'),
    },
    ['city', 'arrival_date', 'departure_date'],
  ),
  tool('get_seat_map', 'Seat map of the flights of an offer, with availability and prices.', { offerToken: str('Token of the flight offer.'), currency_code: str('Currency of the prices.') }, [
    'offerToken',
  ]),
  tool(
    'search_car_rentals',
    'Rental cars available at a location between two dates.',
    { pick_up_location: str('Where the car is picked up.'), pick_up_date: str('YYYY-MM-DD.'), drop_off_date: str('YYYY-MM-DD.'), currency_code: str('Currency of the prices.') },
    ['pick_up_location', 'pick_up_date', 'drop_off_date'],
  ),
  tool('get_weather_forecast', 'Weather forecast for a city on a date.', { city: str('City name.'), date: str('YYYY-MM-DD.') }),
  tool('add_loyalty_number', 'Add a frequent flyer membership number to a flight booking.', {
    booking_reference: str('Six-character booking reference.'),
    member_number: str('Frequent flyer number.'),
  }),
  tool('cancel_hotel_booking', 'Cancel a hotel reservation.', { confirmation_id: str('Confirmation id of the reservation, like HB-12345.') }),
  tool('assign_seat', 'Choose a seat on a flight by preference.', { flight_number: str('Flight number, like BA 117.'), preference: str('Seat preference.', { enum: ['window', 'aisle', 'middle'] }) }),
  tool('search_restaurants', 'Restaurants in a city that suit a diet.', { city: str('City.'), diet: str('Dietary requirement.', { enum: ['vegetarian', 'vegan', 'halal', 'kosher', 'gluten-free'] }) }),
];

const FIRST_NAMES = ['Ana', 'Tomás', 'Priya', 'Jonas', 'Mei', 'Kwame', 'Sofia', 'Lukas', 'Aisha', 'Mateo', 'Ingrid', 'Yuki', 'Omar', 'Clara', 'Ravi', 'Elena'];
const LAST_NAMES = ['Ribeiro', 'Novak', 'Sharma', 'Berg', 'Chen', 'Mensah', 'Rossi', 'Weber', 'Haddad', 'García', 'Larsen', 'Tanaka', 'Farouk', 'Dubois', 'Iyer', 'Popescu'];
const DIETS = ['vegetarian', 'vegan', 'halal', 'kosher', 'gluten-free'];
const SEATS = ['window', 'aisle', 'middle'];

interface Persona {
  name: string;
  travellerId: string;
  office: (typeof AIRPORTS)[number];
  home: (typeof AIRPORTS)[number];
  loyalty: { airline: string; number: string };
  hotelConfirmation: string;
  seat: string;
  diet: string;
}

function persona(rng: Rng, k: number): Persona {
  const [office, home] = rng.sample(AIRPORTS, 2) as [(typeof AIRPORTS)[number], (typeof AIRPORTS)[number]];
  const airline = rng.pick(CARRIERS);
  return {
    name: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
    travellerId: `T-${1000 + k * 7 + rng.int(7)}`,
    office,
    home,
    loyalty: { airline: airline.name, number: `${airline.code}${String(10_000_000 + rng.int(89_999_999))}` },
    hotelConfirmation: `HB-${String(10000 + rng.int(89999))}`,
    seat: rng.pick(SEATS),
    diet: rng.pick(DIETS),
  };
}

function profileOf(p: Persona): JsonObject {
  return {
    traveller: {
      id: p.travellerId,
      name: p.name,
      workplace: { company: 'Northwind Logistics', office: { city: p.office.city, country: p.office.country, floor: 4 } },
      preferences: { homeAirport: p.home.code, seat: p.seat, meal: p.diet, currency: 'EUR' },
      loyaltyPrograms: [{ airline: p.loyalty.airline, memberNumber: p.loyalty.number, tier: 'Silver' }],
      upcomingReservations: [{ type: 'hotel', confirmationId: p.hotelConfirmation, city: p.office.city === p.home.city ? 'Vienna' : p.home.city, nights: 2 }],
    },
  };
}

const call = (name: string, args: JsonObject) => formatPythonCalls([{ name, args: fromPlain(args) as PyDict }]);
const answer = (name: string, args: Record<string, string[]>) => [{ [name]: args }];

type FactKind = 'office city' | 'home airport' | 'frequent flyer number' | 'hotel confirmation' | 'seat preference' | 'diet';
const FACT_KINDS: FactKind[] = ['office city', 'home airport', 'frequent flyer number', 'hotel confirmation', 'seat preference', 'diet'];

function seedFor(kind: FactKind, p: Persona, rng: Rng, k: number): ConversationSeed {
  const date = `2025-${String(4 + rng.int(5)).padStart(2, '0')}-${String(1 + rng.int(28)).padStart(2, '0')}`;
  const dest = rng.pick(AIRPORTS.filter((a) => a !== p.home && a !== p.office));
  const bookingRef = hashString(`ref:${k}`)
    .slice(0, 6)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X');
  const flight = `${rng.pick(CARRIERS).code} ${100 + rng.int(8900)}`;
  const facts: Record<FactKind, { value: string; prose: string; final: string; possibleAnswer: ConversationSeed['possibleAnswer'] }> = {
    'office city': {
      value: p.office.city,
      prose: `For context, I work out of our ${p.office.city} office most weeks.`,
      final: `What will the weather be like near my office on ${date}?`,
      possibleAnswer: answer('get_weather_forecast', { city: [p.office.city], date: [date] }),
    },
    'home airport': {
      value: p.home.code,
      prose: `I always fly out of ${p.home.name} (${p.home.code}); that's my home airport.`,
      final: `Find me a flight from my home airport to ${dest.city} on ${date}.`,
      possibleAnswer: answer('search_flights', { origin: [p.home.code], destination: [dest.code, dest.city], date: [date] }),
    },
    'frequent flyer number': {
      value: p.loyalty.number,
      prose: `My ${p.loyalty.airline} frequent flyer number is ${p.loyalty.number}, in case you need it.`,
      final: `Please add my frequent flyer number to booking ${bookingRef}.`,
      possibleAnswer: answer('add_loyalty_number', { booking_reference: [bookingRef], member_number: [p.loyalty.number] }),
    },
    'hotel confirmation': {
      value: p.hotelConfirmation,
      prose: `I already have a hotel booked, by the way: confirmation ${p.hotelConfirmation}.`,
      final: 'Plans changed: please cancel my existing hotel reservation.',
      possibleAnswer: answer('cancel_hotel_booking', { confirmation_id: [p.hotelConfirmation] }),
    },
    'seat preference': {
      value: p.seat,
      prose: `I always prefer a ${p.seat} seat when I fly.`,
      final: `Pick a seat for me on flight ${flight}, the way I usually like it.`,
      possibleAnswer: answer('assign_seat', { flight_number: [flight], preference: [p.seat] }),
    },
    diet: {
      value: p.diet,
      prose: `One more thing: I eat ${p.diet}, so keep that in mind for meals.`,
      final: `Find restaurants in ${dest.city} that suit my diet.`,
      possibleAnswer: answer('search_restaurants', { city: [dest.city], diet: [p.diet] }),
    },
  };
  const f = facts[kind];
  const plan = rng.pick(['I have a few trips to organise over the next months.', "I'm putting together travel plans for the spring.", 'I need help planning some upcoming travel.']);
  return {
    id: `conv-${String(k).padStart(3, '0')}`,
    factKind: kind,
    factValue: f.value,
    prose: { user: `Hi, I'm ${p.name}. ${plan} ${f.prose}`, assistant: 'Thanks, noted. What would you like to look at first?' },
    structured: {
      user: `Hi, I'm ${p.name} (traveller ${p.travellerId}). ${plan} Could you pull up my traveller profile first?`,
      call: call('get_traveller_profile', { traveller_id: p.travellerId }),
      response: profileOf(p),
      assistant: `I have your profile, ${p.name.split(' ')[0]}. What would you like to look at first?`,
    },
    finalRequest: f.final,
    possibleAnswer: f.possibleAnswer,
  };
}

const FILLER_REQUESTS: Record<Endpoint, (args: JsonObject, p: ReturnType<typeof responseParams>) => string> = {
  search_flights_multi_stops: (_a, p) =>
    `Can you find itineraries from ${p.origin.city} to ${p.via.city} on ${p.date}, continuing to ${p.destination.city} a few days later? Economy, prices in ${p.currency}.`,
  get_availability: (a, p) => `What does availability look like at hotel ${String(a.hotel_id)} from ${p.date} on? Prices in ${p.currency}, please.`,
  get_room_list_with_availability: (a, p) => `Show me hotel rooms in ${p.city} for two adults from ${p.date} to ${String(a.departure_date)}, in ${p.currency}.`,
  get_seat_map: (a) => `Can you show me the seat map for the flight offer ${String(a.offerToken)}?`,
  search_car_rentals: (a, p) => `I'll need a rental car at ${String(a.pick_up_location)} from ${p.date} to ${String(a.drop_off_date)}. What is there?`,
};

const FILLER_REPLIES: Record<Endpoint, string> = {
  search_flights_multi_stops: 'Here are {count} itineraries. Tell me if you want to filter by airline, price or refundability.',
  get_availability: 'Here is the availability for the next {count} nights. Do you want to book any of them?',
  get_room_list_with_availability: 'I found {count} rooms. I can narrow them down by price, size or cancellation policy.',
  get_seat_map: 'Here are {count} rows of the seat map. Shall I hold a seat for you?',
  search_car_rentals: 'There are {count} cars available. Want me to filter by transmission or supplier?',
};

function fillerEpisode(seed: number, k: number): FillerEpisode {
  const endpoint = ENDPOINTS[k % ENDPOINTS.length] as Endpoint;
  const variant = 1 + k;
  const response = buildResponseSet(seed, endpoint, FILLER_RECORDS, variant);
  const params = responseParams(seed, endpoint, variant);
  return {
    id: `filler-${String(k).padStart(3, '0')}`,
    request: FILLER_REQUESTS[endpoint](response.request, params),
    call: call(endpoint, response.request),
    response,
    reply: FILLER_REPLIES[endpoint],
  };
}

export function buildConversationsPack(seed = TRAVEL_SEED): Pack {
  const seeds = Array.from({ length: BASE_CONVERSATIONS }, (_, k) => {
    const rng = new Rng(`travel-conversation:${seed}:${k}`);
    return seedFor(FACT_KINDS[k % FACT_KINDS.length] as FactKind, persona(rng, k), rng, k);
  });
  const fillers = Array.from({ length: FILLER_EPISODES }, (_, k) => fillerEpisode(seed, k));
  return {
    id: CONVERSATIONS_PACK_ID,
    name: 'Travel conversations (built-in)',
    source: 'builtin',
    description: `${BASE_CONVERSATIONS} base travel conversations whose last request depends on a fact given early (${FACT_KINDS.join(', ')}), and ${FILLER_EPISODES} filler exchanges with tool calls and JSON results; generated from seed ${seed}.`,
    createdAt: 0,
    tools: TRAVEL_TOOLS,
    items: [],
    conversations: { seeds, fillers },
  };
}
