/**
 * The business resources behind the built-in tool catalog. Each resource gets
 * the usual API surface (list, get, create, update, delete, search), so a large
 * catalog looks like a real enterprise API: many similar, plausible tools.
 */

export interface FieldSpec {
  name: string;
  type: 'string' | 'integer' | 'float' | 'boolean';
  description: string;
  /** values the generated requests use */
  values: (string | number | boolean)[];
  /** how the value reads inside a request, e.g. "priority high" */
  phrase: string;
}

export interface ResourceSpec {
  domain: string;
  /** service name shown in descriptions */
  service: string;
  resource: string;
  plural: string;
  idExamples: string[];
  statuses: string[];
  fields: FieldSpec[];
  searchTerms: string[];
}

const s = (name: string, description: string, values: string[], phrase = `${name.replace(/_/g, ' ')} {v}`): FieldSpec => ({ name, type: 'string', description, values, phrase });
const i = (name: string, description: string, values: number[], phrase = `${name.replace(/_/g, ' ')} {v}`): FieldSpec => ({ name, type: 'integer', description, values, phrase });
const f = (name: string, description: string, values: number[], phrase = `${name.replace(/_/g, ' ')} {v}`): FieldSpec => ({ name, type: 'float', description, values, phrase });

export const RESOURCES: ResourceSpec[] = [
  { domain: 'crm', service: 'CRM', resource: 'contact', plural: 'contacts', idExamples: ['C-1042', 'C-2210', 'C-0387'], statuses: ['lead', 'customer', 'churned'],
    fields: [s('email', 'Email address of the contact.', ['ana.ruiz@example.com', 'li.wei@example.org', 'sam.okafor@example.net'], 'email {v}'), s('company', 'Company the contact works for.', ['Northwind', 'Globex', 'Initech'], 'company {v}')], searchTerms: ['Ruiz', 'Globex', 'procurement'] },
  { domain: 'crm', service: 'CRM', resource: 'deal', plural: 'deals', idExamples: ['D-501', 'D-778', 'D-903'], statuses: ['open', 'won', 'lost'],
    fields: [f('amount', 'Deal value in US dollars.', [12500.0, 48000.0, 2300.5], 'a value of {v} dollars'), s('stage', 'Pipeline stage of the deal.', ['qualification', 'proposal', 'negotiation'], 'stage {v}')], searchTerms: ['renewal', 'enterprise', 'Q3'] },
  { domain: 'hr', service: 'HR portal', resource: 'employee', plural: 'employees', idExamples: ['E-1001', 'E-2040', 'E-3177'], statuses: ['active', 'on_leave', 'terminated'],
    fields: [s('department', 'Department name.', ['Finance', 'Engineering', 'Legal'], 'department {v}'), s('job_title', 'Job title.', ['Data Analyst', 'Staff Engineer', 'Paralegal'], 'job title {v}')], searchTerms: ['analyst', 'Berlin office', 'night shift'] },
  { domain: 'hr', service: 'HR portal', resource: 'leave_request', plural: 'leave_requests', idExamples: ['LR-88', 'LR-132', 'LR-407'], statuses: ['pending', 'approved', 'rejected'],
    fields: [s('start_date', 'First day of leave, YYYY-MM-DD.', ['2025-07-01', '2025-08-18', '2025-12-22'], 'starting {v}'), i('days', 'Number of working days.', [3, 5, 10], '{v} days')], searchTerms: ['parental', 'sick', 'sabbatical'] },
  { domain: 'inventory', service: 'inventory system', resource: 'product', plural: 'products', idExamples: ['SKU-4471', 'SKU-0912', 'SKU-7735'], statuses: ['in_stock', 'backordered', 'discontinued'],
    fields: [f('unit_price', 'Price per unit in US dollars.', [19.99, 4.5, 129.0], 'a unit price of {v}'), i('stock_level', 'Units on hand.', [120, 8, 0], 'stock level {v}')], searchTerms: ['cable', 'stainless', 'refill'] },
  { domain: 'inventory', service: 'inventory system', resource: 'warehouse', plural: 'warehouses', idExamples: ['WH-EAST', 'WH-02', 'WH-RTM'], statuses: ['operational', 'maintenance', 'closed'],
    fields: [s('city', 'City where the warehouse is.', ['Rotterdam', 'Memphis', 'Osaka'], 'city {v}'), i('capacity_pallets', 'Capacity in pallets.', [5000, 1200, 20000], 'capacity of {v} pallets')], searchTerms: ['cold storage', 'port', 'bonded'] },
  { domain: 'billing', service: 'billing service', resource: 'invoice', plural: 'invoices', idExamples: ['INV-2024-0117', 'INV-2025-0932', 'INV-2025-1200'], statuses: ['draft', 'sent', 'paid', 'overdue'],
    fields: [f('total', 'Invoice total.', [1250.0, 89.9, 15000.0], 'a total of {v}'), s('currency', 'ISO 4217 currency code.', ['EUR', 'USD', 'GBP'], 'currency {v}')], searchTerms: ['consulting', 'March', 'hosting'] },
  { domain: 'billing', service: 'billing service', resource: 'subscription', plural: 'subscriptions', idExamples: ['SUB-311', 'SUB-1408', 'SUB-2999'], statuses: ['trialing', 'active', 'canceled'],
    fields: [s('plan', 'Plan name.', ['starter', 'team', 'enterprise'], 'plan {v}'), i('seats', 'Number of seats.', [5, 25, 200], '{v} seats')], searchTerms: ['annual', 'education', 'nonprofit'] },
  { domain: 'support', service: 'help desk', resource: 'ticket', plural: 'tickets', idExamples: ['T-90211', 'T-90555', 'T-91002'], statuses: ['new', 'in_progress', 'resolved'],
    fields: [s('priority', 'Ticket priority.', ['low', 'high', 'urgent'], 'priority {v}'), s('subject', 'Short summary of the issue.', ['Cannot reset password', 'Invoice shows wrong VAT', 'App crashes on login'], 'subject "{v}"')], searchTerms: ['refund', 'login', 'VPN'] },
  { domain: 'support', service: 'help desk', resource: 'kb_article', plural: 'kb_articles', idExamples: ['KB-12', 'KB-340', 'KB-1187'], statuses: ['draft', 'published', 'archived'],
    fields: [s('title', 'Article title.', ['Setting up two-factor login', 'Exporting your data', 'Changing billing details'], 'title "{v}"'), s('language', 'Language code.', ['en', 'de', 'ja'], 'language {v}')], searchTerms: ['password', 'export', 'SSO'] },
  { domain: 'projects', service: 'project tracker', resource: 'task', plural: 'tasks', idExamples: ['PRJ-17', 'PRJ-204', 'OPS-9'], statuses: ['todo', 'doing', 'done'],
    fields: [s('assignee', 'Username of the assignee.', ['mkhan', 'jdoe', 'apetrov'], 'assigned to {v}'), s('due_date', 'Due date, YYYY-MM-DD.', ['2025-06-30', '2025-09-15', '2026-01-10'], 'due {v}')], searchTerms: ['migration', 'onboarding', 'audit'] },
  { domain: 'projects', service: 'project tracker', resource: 'milestone', plural: 'milestones', idExamples: ['MS-3', 'MS-12', 'MS-40'], statuses: ['planned', 'active', 'closed'],
    fields: [s('name', 'Milestone name.', ['Beta launch', 'Security review', 'Data freeze'], 'name "{v}"'), i('progress_percent', 'Completion in percent.', [10, 55, 90], '{v} percent complete')], searchTerms: ['launch', 'Q4', 'compliance'] },
  { domain: 'calendar', service: 'calendar', resource: 'event', plural: 'events', idExamples: ['EV-7781', 'EV-1290', 'EV-5502'], statuses: ['confirmed', 'tentative', 'cancelled'],
    fields: [s('start_time', 'Start, ISO 8601 date-time.', ['2025-05-14T09:30', '2025-11-03T14:00', '2026-02-20T16:15'], 'starting {v}'), i('duration_minutes', 'Length in minutes.', [30, 45, 90], 'lasting {v} minutes')], searchTerms: ['standup', 'dentist', 'board'] },
  { domain: 'calendar', service: 'calendar', resource: 'room_booking', plural: 'room_bookings', idExamples: ['RB-55', 'RB-301', 'RB-872'], statuses: ['held', 'booked', 'released'],
    fields: [s('room', 'Room name.', ['Aurora', 'Kilimanjaro', 'Room 4.12'], 'room {v}'), i('attendees', 'Expected attendees.', [4, 12, 30], 'for {v} people')], searchTerms: ['projector', 'quiet', 'whiteboard'] },
  { domain: 'mail', service: 'mail server', resource: 'mailbox', plural: 'mailboxes', idExamples: ['MB-sales', 'MB-0042', 'MB-hr'], statuses: ['active', 'suspended', 'deleted'],
    fields: [s('address', 'Mailbox address.', ['sales@example.com', 'jobs@example.org', 'press@example.net'], 'address {v}'), i('quota_mb', 'Quota in megabytes.', [2048, 10240, 51200], 'a quota of {v} MB')], searchTerms: ['shared', 'alias', 'archive'] },
  { domain: 'mail', service: 'mail server', resource: 'mailing_list', plural: 'mailing_lists', idExamples: ['ML-news', 'ML-17', 'ML-beta'], statuses: ['open', 'moderated', 'closed'],
    fields: [s('list_name', 'Display name of the list.', ['Product News', 'Beta Testers', 'Alumni'], 'name "{v}"'), i('member_limit', 'Maximum members.', [500, 5000, 100], 'a limit of {v} members')], searchTerms: ['newsletter', 'beta', 'volunteers'] },
  { domain: 'files', service: 'file storage', resource: 'document', plural: 'documents', idExamples: ['DOC-a81f', 'DOC-77c2', 'DOC-90be'], statuses: ['private', 'shared', 'trashed'],
    fields: [s('folder', 'Folder path.', ['/finance/2025', '/legal/contracts', '/marketing/assets'], 'in folder {v}'), s('owner', 'Owner username.', ['lgarcia', 'tnguyen', 'bsmith'], 'owned by {v}')], searchTerms: ['budget', 'NDA', 'logo'] },
  { domain: 'files', service: 'file storage', resource: 'share_link', plural: 'share_links', idExamples: ['SL-19a', 'SL-x42', 'SL-k7p'], statuses: ['active', 'expired', 'revoked'],
    fields: [s('expires_on', 'Expiry date, YYYY-MM-DD.', ['2025-06-01', '2025-10-31', '2026-03-15'], 'expiring {v}'), s('permission', 'Access level.', ['view', 'comment', 'edit'], '{v} access')], searchTerms: ['client', 'press kit', 'auditor'] },
  { domain: 'fleet', service: 'fleet manager', resource: 'vehicle', plural: 'vehicles', idExamples: ['VH-118', 'VH-542', 'VH-903'], statuses: ['available', 'in_service', 'retired'],
    fields: [s('license_plate', 'License plate.', ['KL-482-TX', 'B-MX 4471', 'WX21 ZPL'], 'plate {v}'), i('odometer_km', 'Odometer reading in km.', [48210, 120044, 9030], 'odometer {v} km')], searchTerms: ['van', 'electric', 'refrigerated'] },
  { domain: 'fleet', service: 'fleet manager', resource: 'driver', plural: 'drivers', idExamples: ['DR-31', 'DR-208', 'DR-77'], statuses: ['on_duty', 'off_duty', 'suspended'],
    fields: [s('license_class', 'Driving license class.', ['B', 'C1', 'CE'], 'license class {v}'), s('home_depot', 'Depot the driver starts from.', ['Leeds', 'Lyon', 'Porto'], 'depot {v}')], searchTerms: ['hazmat', 'night', 'trainee'] },
  { domain: 'clinic', service: 'clinic scheduling', resource: 'appointment', plural: 'appointments', idExamples: ['AP-6612', 'AP-7003', 'AP-8120'], statuses: ['scheduled', 'checked_in', 'no_show'],
    fields: [s('practitioner', 'Practitioner name.', ['Dr. Osei', 'Dr. Lindqvist', 'Dr. Moreau'], 'with {v}'), s('slot', 'Date and time, ISO 8601.', ['2025-04-09T10:20', '2025-07-22T08:00', '2025-10-01T15:40'], 'at {v}')], searchTerms: ['follow-up', 'vaccination', 'physio'] },
  { domain: 'clinic', service: 'clinic scheduling', resource: 'prescription', plural: 'prescriptions', idExamples: ['RX-2201', 'RX-3390', 'RX-4817'], statuses: ['active', 'filled', 'expired'],
    fields: [s('medication', 'Medication name.', ['amoxicillin', 'ibuprofen', 'metformin'], 'medication {v}'), i('refills', 'Refills allowed.', [0, 2, 5], '{v} refills')], searchTerms: ['antibiotic', 'inhaler', 'insulin'] },
  { domain: 'library', service: 'library catalog', resource: 'book', plural: 'books', idExamples: ['ISBN-9780261103573', 'ISBN-9780140449136', 'ISBN-9780307474278'], statuses: ['on_shelf', 'on_loan', 'lost'],
    fields: [s('author', 'Author name.', ['Ursula K. Le Guin', 'Chinua Achebe', 'Haruki Murakami'], 'by {v}'), i('publication_year', 'Year published.', [1969, 1958, 2002], 'published in {v}')], searchTerms: ['dragons', 'colonial', 'jazz'] },
  { domain: 'library', service: 'library catalog', resource: 'loan', plural: 'loans', idExamples: ['LN-4410', 'LN-5120', 'LN-6003'], statuses: ['open', 'returned', 'overdue'],
    fields: [s('member_card', 'Library card number.', ['LC-000981', 'LC-004410', 'LC-120077'], 'card {v}'), i('renewals', 'Times renewed.', [0, 1, 3], 'renewed {v} times')], searchTerms: ['overdue', 'children', 'audiobook'] },
  { domain: 'dining', service: 'restaurant booking', resource: 'reservation', plural: 'reservations', idExamples: ['RS-1188', 'RS-2451', 'RS-3007'], statuses: ['booked', 'seated', 'cancelled'],
    fields: [i('party_size', 'Number of guests.', [2, 4, 8], 'for {v} guests'), s('time', 'Time, HH:MM.', ['19:30', '12:15', '20:45'], 'at {v}')], searchTerms: ['terrace', 'birthday', 'vegan'] },
  { domain: 'dining', service: 'restaurant booking', resource: 'menu_item', plural: 'menu_items', idExamples: ['MI-22', 'MI-140', 'MI-301'], statuses: ['available', 'sold_out', 'seasonal'],
    fields: [f('price', 'Price in euros.', [14.5, 9.0, 27.0], 'a price of {v} euros'), s('course', 'Course.', ['starter', 'main', 'dessert'], 'course {v}')], searchTerms: ['risotto', 'gluten-free', 'tiramisu'] },
  { domain: 'hotel', service: 'hotel PMS', resource: 'booking', plural: 'bookings', idExamples: ['HB-55021', 'HB-60110', 'HB-71984'], statuses: ['reserved', 'checked_in', 'checked_out'],
    fields: [s('check_in', 'Arrival date, YYYY-MM-DD.', ['2025-08-01', '2025-12-27', '2026-04-10'], 'arriving {v}'), i('nights', 'Number of nights.', [2, 5, 7], 'for {v} nights')], searchTerms: ['suite', 'late checkout', 'group'] },
  { domain: 'hotel', service: 'hotel PMS', resource: 'housekeeping_job', plural: 'housekeeping_jobs', idExamples: ['HK-901', 'HK-1133', 'HK-1420'], statuses: ['queued', 'cleaning', 'inspected'],
    fields: [s('room_number', 'Room number.', ['214', '1007', '58'], 'room {v}'), s('job_type', 'Kind of job.', ['turnover', 'deep_clean', 'linen_change'], 'a {v} job')], searchTerms: ['VIP', 'minibar', 'balcony'] },
  { domain: 'realestate', service: 'property listings', resource: 'listing', plural: 'listings', idExamples: ['LS-30012', 'LS-41877', 'LS-52290'], statuses: ['active', 'under_offer', 'sold'],
    fields: [i('bedrooms', 'Number of bedrooms.', [1, 3, 4], '{v} bedrooms'), f('asking_price', 'Asking price in US dollars.', [325000.0, 749000.0, 1250000.0], 'an asking price of {v}')], searchTerms: ['garden', 'waterfront', 'loft'] },
  { domain: 'realestate', service: 'property listings', resource: 'viewing', plural: 'viewings', idExamples: ['VW-118', 'VW-260', 'VW-409'], statuses: ['requested', 'confirmed', 'done'],
    fields: [s('visitor_name', 'Visitor full name.', ['Priya Raman', 'Jonas Berg', 'Mei Tanaka'], 'for {v}'), s('date', 'Viewing date, YYYY-MM-DD.', ['2025-03-08', '2025-06-14', '2025-09-27'], 'on {v}')], searchTerms: ['weekend', 'virtual', 'open house'] },
  { domain: 'school', service: 'school information system', resource: 'course', plural: 'courses', idExamples: ['CS101', 'BIO220', 'HIST310'], statuses: ['open', 'full', 'archived'],
    fields: [i('credits', 'Credit points.', [3, 5, 6], '{v} credits'), s('instructor', 'Instructor name.', ['Prof. Adeyemi', 'Prof. Kowalski', 'Prof. Hart'], 'taught by {v}')], searchTerms: ['algorithms', 'genetics', 'renaissance'] },
  { domain: 'school', service: 'school information system', resource: 'enrollment', plural: 'enrollments', idExamples: ['EN-7001', 'EN-7420', 'EN-8013'], statuses: ['enrolled', 'waitlisted', 'withdrawn'],
    fields: [s('student_id', 'Student number.', ['S2025-0113', 'S2024-0871', 'S2023-1450'], 'student {v}'), s('term', 'Term code.', ['2025-FALL', '2026-SPRING', '2025-SUMMER'], 'term {v}')], searchTerms: ['late', 'exchange', 'audit'] },
  { domain: 'events', service: 'ticketing', resource: 'ticket_order', plural: 'ticket_orders', idExamples: ['TO-88121', 'TO-90344', 'TO-91875'], statuses: ['paid', 'refunded', 'pending'],
    fields: [i('quantity', 'Number of tickets.', [1, 2, 6], '{v} tickets'), s('section', 'Seating section.', ['A', 'Balcony', 'Floor'], 'section {v}')], searchTerms: ['concert', 'matinee', 'VIP'] },
  { domain: 'events', service: 'ticketing', resource: 'venue', plural: 'venues', idExamples: ['VN-12', 'VN-88', 'VN-140'], statuses: ['open', 'renovating', 'closed'],
    fields: [i('seating_capacity', 'Seats.', [800, 2500, 18000], 'capacity {v}'), s('city', 'City.', ['Glasgow', 'Austin', 'Melbourne'], 'in {v}')], searchTerms: ['arena', 'theatre', 'open-air'] },
  { domain: 'gym', service: 'gym membership', resource: 'member', plural: 'members', idExamples: ['GM-3301', 'GM-4470', 'GM-5981'], statuses: ['active', 'frozen', 'expired'],
    fields: [s('membership_tier', 'Tier.', ['basic', 'plus', 'premium'], 'tier {v}'), s('home_club', 'Home club.', ['Downtown', 'Riverside', 'Airport'], 'club {v}')], searchTerms: ['student', 'family', 'corporate'] },
  { domain: 'gym', service: 'gym membership', resource: 'class_session', plural: 'class_sessions', idExamples: ['CL-201', 'CL-339', 'CL-412'], statuses: ['scheduled', 'full', 'cancelled'],
    fields: [s('class_type', 'Class type.', ['yoga', 'spin', 'HIIT'], 'a {v} class'), i('max_participants', 'Capacity.', [12, 20, 35], 'for up to {v} people')], searchTerms: ['morning', 'beginner', 'pilates'] },
  { domain: 'banking', service: 'core banking', resource: 'account', plural: 'accounts', idExamples: ['ACC-00912', 'ACC-44120', 'ACC-90877'], statuses: ['open', 'frozen', 'closed'],
    fields: [s('account_type', 'Kind of account.', ['checking', 'savings', 'business'], 'a {v} account'), f('overdraft_limit', 'Overdraft limit.', [500.0, 2000.0, 0.0], 'an overdraft limit of {v}')], searchTerms: ['joint', 'dormant', 'payroll'] },
  { domain: 'banking', service: 'core banking', resource: 'transfer', plural: 'transfers', idExamples: ['TR-7710021', 'TR-7710544', 'TR-7712003'], statuses: ['pending', 'completed', 'failed'],
    fields: [f('amount', 'Amount to move.', [250.0, 1200.75, 75.5], 'an amount of {v}'), s('beneficiary_iban', 'IBAN of the beneficiary.', ['DE89370400440532013000', 'GB29NWBK60161331926819', 'FR1420041010050500013M02606'], 'to IBAN {v}')], searchTerms: ['rent', 'salary', 'refund'] },
  { domain: 'insurance', service: 'claims system', resource: 'claim', plural: 'claims', idExamples: ['CLM-22019', 'CLM-30871', 'CLM-41006'], statuses: ['filed', 'assessing', 'settled'],
    fields: [f('claimed_amount', 'Amount claimed.', [3400.0, 870.0, 15250.0], 'a claimed amount of {v}'), s('incident_date', 'Date of incident, YYYY-MM-DD.', ['2025-01-17', '2025-05-03', '2025-08-29'], 'incident on {v}')], searchTerms: ['water damage', 'collision', 'theft'] },
  { domain: 'insurance', service: 'claims system', resource: 'policy', plural: 'policies', idExamples: ['POL-5501', 'POL-6120', 'POL-7789'], statuses: ['active', 'lapsed', 'cancelled'],
    fields: [s('coverage', 'Coverage type.', ['home', 'auto', 'travel'], '{v} coverage'), f('annual_premium', 'Premium per year.', [640.0, 1180.0, 95.0], 'a premium of {v}')], searchTerms: ['flood', 'young driver', 'ski'] },
  { domain: 'shipping', service: 'parcel service', resource: 'shipment', plural: 'shipments', idExamples: ['1Z999AA10123456784', 'JD014600006281237', 'LX123456789DE'], statuses: ['label_created', 'in_transit', 'delivered'],
    fields: [f('weight_kg', 'Weight in kilograms.', [1.2, 18.5, 0.4], 'weighing {v} kg'), s('destination_postcode', 'Destination postal code.', ['10115', 'SW1A 1AA', '94103'], 'to postcode {v}')], searchTerms: ['fragile', 'express', 'customs'] },
  { domain: 'shipping', service: 'parcel service', resource: 'pickup', plural: 'pickups', idExamples: ['PU-1200', 'PU-1388', 'PU-1501'], statuses: ['scheduled', 'collected', 'missed'],
    fields: [s('pickup_date', 'Date, YYYY-MM-DD.', ['2025-02-11', '2025-06-06', '2025-11-19'], 'on {v}'), i('parcel_count', 'Parcels to collect.', [1, 4, 12], '{v} parcels')], searchTerms: ['warehouse', 'residential', 'bulk'] },
  { domain: 'marketing', service: 'marketing platform', resource: 'campaign', plural: 'campaigns', idExamples: ['CMP-104', 'CMP-233', 'CMP-360'], statuses: ['draft', 'running', 'ended'],
    fields: [f('budget', 'Budget in US dollars.', [5000.0, 25000.0, 800.0], 'a budget of {v}'), s('channel', 'Channel.', ['email', 'social', 'search'], 'on {v}')], searchTerms: ['spring sale', 'webinar', 'retargeting'] },
  { domain: 'marketing', service: 'marketing platform', resource: 'audience_segment', plural: 'audience_segments', idExamples: ['SEG-11', 'SEG-47', 'SEG-90'], statuses: ['building', 'ready', 'stale'],
    fields: [s('region', 'Region.', ['EMEA', 'APAC', 'LATAM'], 'region {v}'), i('min_age', 'Minimum age.', [18, 25, 40], 'aged {v} and over')], searchTerms: ['frequent buyers', 'lapsed', 'students'] },
  { domain: 'recruiting', service: 'applicant tracking', resource: 'candidate', plural: 'candidates', idExamples: ['CAN-5120', 'CAN-6004', 'CAN-7731'], statuses: ['applied', 'interviewing', 'hired'],
    fields: [s('position', 'Position applied for.', ['Backend Engineer', 'Product Designer', 'Accountant'], 'for {v}'), i('years_experience', 'Years of experience.', [2, 6, 12], 'with {v} years of experience')], searchTerms: ['Kotlin', 'portfolio', 'CPA'] },
  { domain: 'recruiting', service: 'applicant tracking', resource: 'interview', plural: 'interviews', idExamples: ['INT-301', 'INT-412', 'INT-598'], statuses: ['scheduled', 'completed', 'no_show'],
    fields: [s('interviewer', 'Interviewer username.', ['rcho', 'ebrown', 'fali'], 'with interviewer {v}'), s('round', 'Interview round.', ['screening', 'technical', 'final'], 'the {v} round')], searchTerms: ['system design', 'culture', 'take-home'] },
  { domain: 'itassets', service: 'IT asset register', resource: 'laptop', plural: 'laptops', idExamples: ['LT-00871', 'LT-01220', 'LT-01999'], statuses: ['assigned', 'spare', 'retired'],
    fields: [s('serial_number', 'Serial number.', ['C02XK1ZJJG5H', 'PF2A9QX1', '5CG1234XYZ'], 'serial {v}'), s('assigned_to', 'Username.', ['ikim', 'dsilva', 'omurphy'], 'assigned to {v}')], searchTerms: ['MacBook', 'ThinkPad', 'warranty'] },
  { domain: 'itassets', service: 'IT asset register', resource: 'software_license', plural: 'software_licenses', idExamples: ['SWL-40', 'SWL-77', 'SWL-105'], statuses: ['active', 'expiring', 'expired'],
    fields: [s('product_name', 'Software product.', ['Figma', 'JetBrains All Products', 'Adobe Acrobat'], 'for {v}'), i('seat_count', 'Seats.', [10, 50, 250], '{v} seats')], searchTerms: ['design', 'IDE', 'PDF'] },
  { domain: 'cloud', service: 'cloud console', resource: 'vm_instance', plural: 'vm_instances', idExamples: ['i-0a1b2c3d', 'i-09f8e7d6', 'i-0c4d5e6f'], statuses: ['running', 'stopped', 'terminated'],
    fields: [s('machine_type', 'Machine type.', ['e2-standard-4', 'n2-highmem-8', 't3.medium'], 'machine type {v}'), s('zone', 'Zone.', ['europe-west4-a', 'us-east-1b', 'asia-northeast1-c'], 'in zone {v}')], searchTerms: ['batch', 'staging', 'gpu'] },
  { domain: 'cloud', service: 'cloud console', resource: 'storage_bucket', plural: 'storage_buckets', idExamples: ['logs-prod-eu', 'ml-datasets-01', 'backups-archive'], statuses: ['active', 'locked', 'deleting'],
    fields: [s('storage_class', 'Storage class.', ['standard', 'nearline', 'archive'], 'storage class {v}'), i('retention_days', 'Retention in days.', [30, 365, 2555], 'retention {v} days')], searchTerms: ['logs', 'backup', 'public'] },
  { domain: 'social', service: 'social media manager', resource: 'post', plural: 'posts', idExamples: ['PST-88100', 'PST-88421', 'PST-89007'], statuses: ['draft', 'scheduled', 'published'],
    fields: [s('network', 'Network.', ['linkedin', 'instagram', 'mastodon'], 'on {v}'), s('publish_at', 'Publish time, ISO 8601.', ['2025-03-01T08:00', '2025-09-10T17:30', '2026-01-05T12:00'], 'at {v}')], searchTerms: ['hiring', 'product launch', 'event recap'] },
  { domain: 'music', service: 'music streaming', resource: 'playlist', plural: 'playlists', idExamples: ['PL-4Fz9', 'PL-7Qa1', 'PL-9Kd3'], statuses: ['public', 'private', 'collaborative'],
    fields: [s('mood', 'Mood tag.', ['focus', 'workout', 'sleep'], 'mood {v}'), i('track_limit', 'Maximum tracks.', [25, 50, 100], 'up to {v} tracks')], searchTerms: ['lo-fi', 'running', 'jazz'] },
  { domain: 'recipes', service: 'recipe box', resource: 'recipe', plural: 'recipes', idExamples: ['RCP-210', 'RCP-455', 'RCP-803'], statuses: ['draft', 'published', 'hidden'],
    fields: [i('servings', 'Servings.', [2, 4, 6], 'serving {v}'), i('prep_minutes', 'Preparation time in minutes.', [15, 40, 90], 'taking {v} minutes')], searchTerms: ['lentil', 'sourdough', 'curry'] },
  { domain: 'vet', service: 'veterinary clinic', resource: 'pet', plural: 'pets', idExamples: ['PET-1402', 'PET-2208', 'PET-3315'], statuses: ['active', 'deceased', 'transferred'],
    fields: [s('species', 'Species.', ['dog', 'cat', 'rabbit'], 'a {v}'), f('weight_kg', 'Weight in kilograms.', [12.4, 4.1, 2.3], 'weighing {v} kg')], searchTerms: ['labrador', 'senior', 'allergy'] },
  { domain: 'parking', service: 'city parking', resource: 'permit', plural: 'permits', idExamples: ['PP-50021', 'PP-50888', 'PP-51760'], statuses: ['valid', 'expired', 'revoked'],
    fields: [s('zone_code', 'Parking zone.', ['Z3', 'K12', 'M7'], 'zone {v}'), s('plate', 'Vehicle plate.', ['AB-123-CD', 'M-XY 991', 'YK19 HGT'], 'plate {v}')], searchTerms: ['resident', 'visitor', 'business'] },
  { domain: 'utilities', service: 'utility billing', resource: 'meter_reading', plural: 'meter_readings', idExamples: ['MR-700112', 'MR-700981', 'MR-701443'], statuses: ['estimated', 'actual', 'disputed'],
    fields: [f('reading_kwh', 'Reading in kWh.', [18344.5, 920.0, 45210.25], 'a reading of {v} kWh'), s('meter_serial', 'Meter serial number.', ['EM-88-2231', 'EM-90-0012', 'EM-77-9310'], 'meter {v}')], searchTerms: ['smart meter', 'gas', 'solar'] },
  { domain: 'museum', service: 'collections database', resource: 'artwork', plural: 'artworks', idExamples: ['ART-1871-044', 'ART-1920-311', 'ART-2001-007'], statuses: ['on_display', 'in_storage', 'on_loan'],
    fields: [s('artist', 'Artist name.', ['Hokusai', 'Frida Kahlo', 'El Anatsui'], 'by {v}'), s('gallery', 'Gallery room.', ['East Wing 3', 'Gallery 12', 'Sculpture Court'], 'in {v}')], searchTerms: ['woodblock', 'self-portrait', 'textile'] },
];
