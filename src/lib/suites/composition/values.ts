/** Value pools the task recipes draw from. */

export const TASK_CITIES = [
  'Paris',
  'London',
  'Berlin',
  'Madrid',
  'Rome',
  'Lisbon',
  'Amsterdam',
  'Vienna',
  'Stockholm',
  'Helsinki',
  'Warsaw',
  'Zurich',
  'New York',
  'Chicago',
  'Toronto',
  'Tokyo',
  'Seoul',
  'Singapore',
  'Mumbai',
  'Dubai',
  'Sydney',
  'Cairo',
  'Nairobi',
  'Mexico City',
];
export const SYMBOLS = ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'TSLA', 'NVDA', 'META', 'PYPL', 'NFLX', 'IBM', 'KO', 'DIS'];
export const CURRENCY_NAMES: Record<string, string> = {
  EUR: 'euros',
  GBP: 'British pounds',
  JPY: 'Japanese yen',
  CHF: 'Swiss francs',
  CAD: 'Canadian dollars',
  AUD: 'Australian dollars',
  SEK: 'Swedish kronor',
  INR: 'Indian rupees',
  USD: 'US dollars',
  MXN: 'Mexican pesos',
};
export const TOPICS = [
  'food technology innovations',
  'electric vehicle batteries',
  'remote work trends',
  'renewable energy storage',
  'urban cycling infrastructure',
  'quantum computing startups',
  'ocean plastic recycling',
  'vertical farming',
  'space tourism',
  'sleep science',
];
export const REVIEWS = [
  'The hotel was fantastic and the staff were wonderful. We loved the breakfast.',
  'Terrible service, the order was delayed twice and the support team never answered.',
  'The laptop is good and the battery is strong, but the screen is slow to wake.',
  'Great value for money. Delighted with the quality and the fast delivery.',
  'The app keeps failing with an error at login, which is a real problem.',
  'An excellent course: clear explanations and strong examples throughout.',
  'The flight was cancelled and the airline offered a poor apology. Awful experience.',
  'Pleased with the new office chair; it improved my posture.',
];
export const SHORT_TEXTS = [
  'Marie Curie moved to Paris to study physics and later worked at the Radium Institute.',
  'Apple and Microsoft reported strong growth in Europe on 2026-01-12.',
  'Ada Lovelace wrote about the Analytical Engine while living in London.',
  'Tesla opened a new factory near Berlin, creating 3000 jobs.',
  'Grace Hopper visited Chicago and New York to present the new compiler.',
  'Alan Turing worked at the University of Manchester after leaving London.',
];
export const PHRASES = ['good morning', 'thank you', 'the meeting is tomorrow', 'welcome', 'the price is good today'];
export const LANGUAGE_NAMES: Record<string, string> = { es: 'Spanish', fr: 'French', de: 'German' };
export const MISSPELT = [
  'Please recieve teh package untill friday.',
  'We will definately visit the goverment office tommorow.',
  'The begining of the calender year is busy.',
  'Send the adress to a seperate team.',
];
export const PII_TEXTS = [
  'Contact John at john.doe@mail.example or +44 20 7946 0958 about the order.',
  'Card 4111 1111 1111 1111 was charged; the receipt went to pay@shop.example.',
  'Call Maria on +1 415 555 0132 or write to maria@clinic.example.',
];
export const RECIPIENTS = ['iris@media.news', 'team@company.example', 'maria.lopez@company.example', 'ops@startup.example', 'finance@company.example'];
export const CHANNELS = ['#general', '#sales', '#purchasing', '#travel', '#ops'];
export const DEPARTMENTS = ['engineering', 'sales', 'marketing'];
export const FILE_PATHS = ['/reports/q3_summary.txt', '/notes/meeting_2026-01-12.txt', '/docs/readme.md', '/drafts/press_release.txt'];
export const DATES = ['2026-02-10', '2026-03-04', '2026-04-18', '2026-05-29', '2026-07-04', '2026-09-15', '2026-10-31', '2026-12-24'];
export const HUMAN_DATES = ['4 March 2026', 'March 18, 2026', '12 June 2026', 'August 3, 2026', '21 September 2026', 'November 9, 2026'];
export const PEOPLE_NAMES = ['Ada Lovelace', 'Marie Curie', 'Alan Turing', 'Grace Hopper', 'Katherine Johnson', 'Tim Berners-Lee'];
export const PRODUCTS = ['wireless headphones', 'standing desk', 'espresso machine', 'hiking backpack', 'mechanical keyboard'];
export const NUMBER_LISTS = [
  [3, 8, 12, 5],
  [14, 22, 9, 31, 18],
  [4.5, 7.25, 3, 9.75],
  [120, 95, 143, 88],
  [61, 58, 72, 64, 77],
];
export const TIMEZONE_CHOICES = ['Europe/Paris', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney', 'Asia/Kolkata', 'America/Chicago'];
export const URLS = ['https://www.example.com/pricing', 'https://status.service.example/api', 'https://blog.example.org/launch-notes', 'https://shop.example.net/deals'];
export const DOMAINS = ['example.com', 'openai-news.example.org', 'weather.example.net', 'mail.company.example'];
export const IPS = ['81.2.69.160', '203.0.113.42', '198.51.100.7', '192.0.2.250'];
