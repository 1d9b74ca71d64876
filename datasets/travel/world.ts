/** The places, carriers and suppliers the travel records are made of. */

export interface Airport {
  code: string;
  name: string;
  city: string;
  country: string;
}

export const AIRPORTS: Airport[] = [
  { code: 'LHR', name: 'London Heathrow Airport', city: 'London', country: 'United Kingdom' },
  { code: 'JFK', name: 'John F. Kennedy International Airport', city: 'New York', country: 'United States' },
  { code: 'CDG', name: 'Paris Charles de Gaulle Airport', city: 'Paris', country: 'France' },
  { code: 'FRA', name: 'Frankfurt am Main Airport', city: 'Frankfurt', country: 'Germany' },
  { code: 'AMS', name: 'Amsterdam Airport Schiphol', city: 'Amsterdam', country: 'Netherlands' },
  { code: 'MAD', name: 'Adolfo Suárez Madrid–Barajas Airport', city: 'Madrid', country: 'Spain' },
  { code: 'LIS', name: 'Humberto Delgado Airport', city: 'Lisbon', country: 'Portugal' },
  { code: 'FCO', name: 'Rome Fiumicino Airport', city: 'Rome', country: 'Italy' },
  { code: 'DXB', name: 'Dubai International Airport', city: 'Dubai', country: 'United Arab Emirates' },
  { code: 'SIN', name: 'Singapore Changi Airport', city: 'Singapore', country: 'Singapore' },
  { code: 'HND', name: 'Tokyo Haneda Airport', city: 'Tokyo', country: 'Japan' },
  { code: 'SFO', name: 'San Francisco International Airport', city: 'San Francisco', country: 'United States' },
  { code: 'YYZ', name: 'Toronto Pearson International Airport', city: 'Toronto', country: 'Canada' },
  { code: 'IST', name: 'Istanbul Airport', city: 'Istanbul', country: 'Türkiye' },
  { code: 'ZRH', name: 'Zurich Airport', city: 'Zurich', country: 'Switzerland' },
  { code: 'CPH', name: 'Copenhagen Airport', city: 'Copenhagen', country: 'Denmark' },
  { code: 'VIE', name: 'Vienna International Airport', city: 'Vienna', country: 'Austria' },
  { code: 'DUB', name: 'Dublin Airport', city: 'Dublin', country: 'Ireland' },
  { code: 'BCN', name: 'Josep Tarradellas Barcelona–El Prat Airport', city: 'Barcelona', country: 'Spain' },
  { code: 'ATH', name: 'Athens International Airport', city: 'Athens', country: 'Greece' },
];

export const CARRIERS = [
  { code: 'BA', name: 'British Airways' },
  { code: 'AF', name: 'Air France' },
  { code: 'LH', name: 'Lufthansa' },
  { code: 'KL', name: 'KLM' },
  { code: 'IB', name: 'Iberia' },
  { code: 'TP', name: 'TAP Air Portugal' },
  { code: 'EK', name: 'Emirates' },
  { code: 'TK', name: 'Turkish Airlines' },
  { code: 'LX', name: 'SWISS' },
  { code: 'AZ', name: 'ITA Airways' },
  { code: 'DL', name: 'Delta Air Lines' },
  { code: 'UA', name: 'United Airlines' },
];

export const AIRCRAFT = ['Airbus A320neo', 'Airbus A321', 'Airbus A330-300', 'Airbus A350-900', 'Boeing 737-800', 'Boeing 777-300ER', 'Boeing 787-9', 'Embraer E190'];

export const FARE_FAMILIES = ['Light', 'Classic', 'Flex'];

export const HOTEL_NAMES = ['Grand Central', 'Riverside', 'Old Town', 'Harbour View', 'Park Lane', 'Garden Court', 'Skyline', 'Royal Palm', 'Lighthouse', 'Cathedral Square'];

export const ROOM_KINDS = [
  'Standard Double Room',
  'Superior Twin Room',
  'Deluxe King Room',
  'Junior Suite',
  'Family Room',
  'Executive Suite',
  'Economy Single Room',
  'Deluxe Double Room with Balcony',
];

export const ROOM_FACILITIES = [
  'Free WiFi',
  'Air conditioning',
  'Private bathroom',
  'Flat-screen TV',
  'Minibar',
  'Coffee machine',
  'Soundproofing',
  'Safe',
  'Bathtub',
  'City view',
  'Sea view',
  'Desk',
  'Iron',
  'Kitchenette',
];

export const MEAL_PLANS = ['room only', 'breakfast included', 'half board', 'all inclusive'];

export const CAR_MODELS = [
  { name: 'Fiat 500', group: 'Mini', seats: 4, doors: 3 },
  { name: 'Volkswagen Polo', group: 'Economy', seats: 5, doors: 5 },
  { name: 'Toyota Corolla', group: 'Compact', seats: 5, doors: 5 },
  { name: 'Skoda Octavia Estate', group: 'Intermediate', seats: 5, doors: 5 },
  { name: 'BMW 3 Series', group: 'Premium', seats: 5, doors: 4 },
  { name: 'Peugeot 5008', group: 'SUV', seats: 7, doors: 5 },
  { name: 'Tesla Model 3', group: 'Electric', seats: 5, doors: 4 },
  { name: 'Ford Transit Custom', group: 'Van', seats: 9, doors: 4 },
  { name: 'Renault Clio', group: 'Economy', seats: 5, doors: 5 },
  { name: 'Mercedes-Benz C-Class', group: 'Premium', seats: 5, doors: 4 },
];

export const CAR_SUPPLIERS = ['Sixt', 'Europcar', 'Hertz', 'Avis', 'Enterprise', 'Budget', 'Goldcar', 'Alamo'];

export const FUEL_POLICIES = ['Full to full', 'Same to same', 'Pre-purchase (partial refund)'];

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Words for the records' free-text fields: plausible fine print nobody asks about. */
export const FINE_PRINT = [
  'Prices include all taxes and fees known at the time of booking.',
  'Changes are subject to availability and any fare difference.',
  'Please bring a valid photo ID that matches the name on the booking.',
  'Special requests cannot be guaranteed and may incur additional charges.',
  'The property may pre-authorise your card before arrival.',
  'Check-in closes 45 minutes before departure for international flights.',
  'Service animals are welcome; other pets are not allowed.',
  'A local city tax may be payable on arrival.',
  'Children of all ages are welcome; cots are available on request.',
  'Name changes are not permitted after ticketing.',
  'Quiet hours are observed between 22:00 and 07:00.',
  'Seats at emergency exits are only for passengers aged 16 or over.',
  "A security deposit is held on a credit card in the main driver's name.",
  'Cross-border travel must be declared at the rental desk.',
  'Unused segments cannot be refunded separately.',
  'Late arrival should be announced to the property in advance.',
];
