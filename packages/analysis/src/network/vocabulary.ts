/**
 * Vocabulary of the reference-network generator: company-name parts, street names, cities and
 * legal forms by country, and industry words by MCC. Invented but realistic.
 */
export interface CountryStyle {
  iso2: string;
  iso3: string;
  weight: number;
  legalForms: readonly (readonly [string, number])[];
  surnames: readonly string[];
  streets: readonly string[];
  /** city, region, postcode pattern (# digit, A letter) */
  cities: readonly (readonly [string, string, string])[];
  /** house number before (true) or after (false) the street name */
  numberFirst: boolean;
  taxId: (d: (n: number) => string) => string;
  /** words that precede (fr/es/it style) rather than follow the name */
  industryFirst: boolean;
}

const EN_SURNAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill', 'Campbell', 'Mitchell', 'Roberts', 'Carter', 'Phillips', 'Evans', 'Turner', 'Parker', 'Collins', 'Edwards', 'Stewart', 'Morris', 'Murphy', 'Cook', 'Rogers', 'Morgan', 'Cooper', 'Peterson', 'Reed', 'Bailey', 'Bell', 'Kelly', 'Howard', 'Ward', 'Cox', 'Richardson', 'Wood', 'Watson', 'Brooks', 'Bennett', 'Gray', 'Hughes', 'Price', 'Sanders', 'Myers', 'Long', 'Ross', 'Foster', 'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Fisher', 'Hamilton', 'Graham', 'Wallace', 'Harrison', 'Gibson', 'Marshall', 'Owens', 'Ellis', 'Kennedy', 'Hayes', 'Chapman', 'Fletcher', 'Hargreaves', 'Whitfield', 'Ashworth', 'Pemberton', 'Blackwood', 'Fairbanks', 'Kingsley', 'Langford', 'Thornton', 'Waverly', 'Sterling', 'Redmond', 'Holloway', 'Caldwell', 'Prescott', 'Winslow', 'Barrett', 'Donovan', 'Keller', 'Lambert', 'Mercer', 'Norris', 'Osborne', 'Quinn', 'Ramsey', 'Sutton', 'Tucker', 'Vaughn', 'Warner', 'Yates'];
const PLACE_STEMS = ['Northwind', 'Summit', 'Pinnacle', 'Riverside', 'Lakeside', 'Harbor', 'Bayview', 'Oakridge', 'Cedar', 'Maple', 'Granite', 'Silverline', 'Bluewater', 'Redstone', 'Evergreen', 'Highland', 'Meadow', 'Westfield', 'Eastgate', 'Southbridge', 'Northstar', 'Crescent', 'Keystone', 'Liberty', 'Heritage', 'Frontier', 'Pioneer', 'Horizon', 'Atlas', 'Apex', 'Vertex', 'Nova', 'Orion', 'Sterling', 'Crown', 'Royal', 'Imperial', 'Premier', 'Prime', 'Allied', 'United', 'Global', 'Metro', 'Urban', 'Coastal', 'Continental', 'Pacific', 'Atlantic', 'Midland', 'Central', 'Capital', 'Union', 'Eagle', 'Falcon', 'Hawk', 'Phoenix', 'Lion', 'Bear', 'Wolf', 'Fox', 'Oak', 'Pine', 'Willow', 'Aspen', 'Birch', 'Elm', 'Ironwood', 'Stonebridge', 'Brightwater', 'Clearview', 'Fairview', 'Greenfield', 'Hillcrest', 'Kingsway', 'Lancaster', 'Marlborough', 'Newbury', 'Oxford', 'Preston', 'Quayside', 'Rochester', 'Salisbury', 'Trenton', 'Windsor', 'York'];
const INVENTED_A = ['Zen', 'Nex', 'Vor', 'Cal', 'Tri', 'Syn', 'Ver', 'Quan', 'Lum', 'Tel', 'Ax', 'Cor', 'Dyn', 'Evo', 'Flex', 'Gen', 'Hex', 'Inno', 'Kin', 'Lyn', 'Med', 'Neo', 'Omni', 'Pro', 'Qua', 'Rex', 'Sol', 'Tor', 'Uni', 'Vis', 'Xan', 'Zy', 'Bri', 'Cy', 'Dex', 'Ely', 'Fin', 'Gal', 'Hal', 'Ion'];
const INVENTED_B = ['trix', 'link', 'tek', 'via', 'gen', 'sys', 'corp', 'ora', 'ium', 'ex', 'on', 'ara', 'ity', 'ify', 'ico', 'ano', 'ent', 'eon', 'ix', 'os', 'ar', 'ant', 'ova', 'yn', 'ux', 'ent', 'ero', 'ica', 'ata', 'ion'];
const DE_SURNAMES = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Krause', 'Meier', 'Lehmann', 'Köhler', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Vogel', 'Friedrich', 'Keller', 'Günther', 'Frank', 'Berger', 'Winkler', 'Roth', 'Beck', 'Lorenz', 'Baumann', 'Franke', 'Albrecht', 'Schuster', 'Simon', 'Ludwig', 'Böhm', 'Winter', 'Kraus', 'Martin', 'Schumacher', 'Krämer', 'Vogt', 'Stein', 'Jäger', 'Otto', 'Sommer', 'Groß', 'Seidel', 'Heinrich', 'Brandt', 'Haas', 'Schreiber', 'Graf', 'Dietrich'];
const FR_SURNAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefèbvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier', 'Morel', 'Girard', 'André', 'Lefèvre', 'Mercier', 'Dupont', 'Lambert', 'Bonnet', 'François', 'Martinez', 'Legrand', 'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guérin', 'Muller', 'Henry', 'Roussel', 'Nicolas', 'Perrin', 'Morin', 'Mathieu', 'Clément', 'Gauthier', 'Dumont', 'Lopez', 'Fontaine', 'Chevalier', 'Robin', 'Masson', 'Sanchez', 'Gérard', 'Nguyen', 'Boyer', 'Denis', 'Lemaire', 'Duval', 'Joly', 'Gautier', 'Roger', 'Roche', 'Roy', 'Noël', 'Meyer', 'Lucas', 'Meunier', 'Jean', 'Perez', 'Marchand', 'Dufour', 'Blanchard', 'Marie', 'Barbier', 'Brun', 'Dumas', 'Brunet', 'Schmitt', 'Leroux', 'Colin'];
const NL_SURNAMES = ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Janssen', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'van Leeuwen', 'Dekker', 'Brouwer', 'de Wit', 'Dijkstra', 'Smits', 'de Graaf', 'van der Meer', 'van der Linden', 'Kok', 'Jacobs', 'de Haan', 'Vermeulen', 'van den Heuvel', 'van der Veen', 'van den Broek', 'de Bruijn', 'de Bruin', 'van der Heijden', 'Schouten', 'van Beek', 'Willems', 'van Vliet'];
const ES_SURNAMES = ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín', 'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez', 'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco', 'Molina', 'Morales', 'Suárez', 'Ortega', 'Delgado', 'Castro', 'Ortiz', 'Rubio', 'Marín', 'Sanz', 'Iglesias'];
const IT_SURNAMES = ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone', 'Longo', 'Gentile', 'Martinelli', 'Vitale', 'Lombardo', 'Serra', 'Coppola', 'De Santis', "D'Angelo", 'Marchetti'];

const US_CITIES = [['New York', 'NY', '100##'], ['Los Angeles', 'CA', '900##'], ['Chicago', 'IL', '606##'], ['Houston', 'TX', '770##'], ['Phoenix', 'AZ', '850##'], ['Philadelphia', 'PA', '191##'], ['San Antonio', 'TX', '782##'], ['San Diego', 'CA', '921##'], ['Dallas', 'TX', '752##'], ['Austin', 'TX', '787##'], ['Jacksonville', 'FL', '322##'], ['Columbus', 'OH', '432##'], ['Charlotte', 'NC', '282##'], ['Indianapolis', 'IN', '462##'], ['Seattle', 'WA', '981##'], ['Denver', 'CO', '802##'], ['Boston', 'MA', '021##'], ['Nashville', 'TN', '372##'], ['Detroit', 'MI', '482##'], ['Portland', 'OR', '972##'], ['Atlanta', 'GA', '303##'], ['Miami', 'FL', '331##'], ['Minneapolis', 'MN', '554##'], ['Cleveland', 'OH', '441##'], ['St. Louis', 'MO', '631##'], ['Pittsburgh', 'PA', '152##'], ['Cincinnati', 'OH', '452##'], ['Kansas City', 'MO', '641##'], ['Salt Lake City', 'UT', '841##'], ['Milwaukee', 'WI', '532##']] as const;
const GB_CITIES = [['London', 'Greater London', 'EC# #AA'], ['London', 'Greater London', 'SW# #AA'], ['Manchester', 'Greater Manchester', 'M# #AA'], ['Birmingham', 'West Midlands', 'B# #AA'], ['Leeds', 'West Yorkshire', 'LS# #AA'], ['Glasgow', 'Scotland', 'G# #AA'], ['Liverpool', 'Merseyside', 'L# #AA'], ['Bristol', 'Bristol', 'BS# #AA'], ['Sheffield', 'South Yorkshire', 'S# #AA'], ['Edinburgh', 'Scotland', 'EH# #AA'], ['Cardiff', 'Wales', 'CF# #AA'], ['Leicester', 'Leicestershire', 'LE# #AA'], ['Nottingham', 'Nottinghamshire', 'NG# #AA'], ['Newcastle upon Tyne', 'Tyne and Wear', 'NE# #AA'], ['Southampton', 'Hampshire', 'SO# #AA'], ['Reading', 'Berkshire', 'RG# #AA'], ['Cambridge', 'Cambridgeshire', 'CB# #AA'], ['Oxford', 'Oxfordshire', 'OX# #AA']] as const;
const DE_CITIES = [['Berlin', 'Berlin', '10###'], ['Hamburg', 'Hamburg', '20###'], ['München', 'Bayern', '80###'], ['Köln', 'Nordrhein-Westfalen', '50###'], ['Frankfurt am Main', 'Hessen', '60###'], ['Stuttgart', 'Baden-Württemberg', '70###'], ['Düsseldorf', 'Nordrhein-Westfalen', '40###'], ['Leipzig', 'Sachsen', '04###'], ['Dortmund', 'Nordrhein-Westfalen', '44###'], ['Essen', 'Nordrhein-Westfalen', '45###'], ['Bremen', 'Bremen', '28###'], ['Dresden', 'Sachsen', '01###'], ['Hannover', 'Niedersachsen', '30###'], ['Nürnberg', 'Bayern', '90###']] as const;
const FR_CITIES = [['Paris', 'Île-de-France', '750##'], ['Marseille', "Provence-Alpes-Côte d'Azur", '130##'], ['Lyon', 'Auvergne-Rhône-Alpes', '690##'], ['Toulouse', 'Occitanie', '310##'], ['Nice', "Provence-Alpes-Côte d'Azur", '060##'], ['Nantes', 'Pays de la Loire', '440##'], ['Strasbourg', 'Grand Est', '670##'], ['Montpellier', 'Occitanie', '340##'], ['Bordeaux', 'Nouvelle-Aquitaine', '330##'], ['Lille', 'Hauts-de-France', '590##'], ['Rennes', 'Bretagne', '350##']] as const;
const NL_CITIES = [['Amsterdam', 'Noord-Holland', '10## AA'], ['Rotterdam', 'Zuid-Holland', '30## AA'], ['Den Haag', 'Zuid-Holland', '25## AA'], ['Utrecht', 'Utrecht', '35## AA'], ['Eindhoven', 'Noord-Brabant', '56## AA'], ['Groningen', 'Groningen', '97## AA'], ['Tilburg', 'Noord-Brabant', '50## AA']] as const;
const ES_CITIES = [['Madrid', 'Madrid', '280##'], ['Barcelona', 'Cataluña', '080##'], ['Valencia', 'Comunidad Valenciana', '460##'], ['Sevilla', 'Andalucía', '410##'], ['Zaragoza', 'Aragón', '500##'], ['Málaga', 'Andalucía', '290##'], ['Bilbao', 'País Vasco', '480##']] as const;
const IT_CITIES = [['Roma', 'Lazio', '001##'], ['Milano', 'Lombardia', '201##'], ['Napoli', 'Campania', '801##'], ['Torino', 'Piemonte', '101##'], ['Palermo', 'Sicilia', '901##'], ['Genova', 'Liguria', '161##'], ['Bologna', 'Emilia-Romagna', '401##'], ['Firenze', 'Toscana', '501##']] as const;
const CA_CITIES = [['Toronto', 'ON', 'M#A #A#'], ['Montréal', 'QC', 'H#A #A#'], ['Vancouver', 'BC', 'V#A #A#'], ['Calgary', 'AB', 'T#A #A#'], ['Ottawa', 'ON', 'K#A #A#'], ['Edmonton', 'AB', 'T#A #A#'], ['Winnipeg', 'MB', 'R#A #A#']] as const;
const AU_CITIES = [['Sydney', 'NSW', '2###'], ['Melbourne', 'VIC', '3###'], ['Brisbane', 'QLD', '4###'], ['Perth', 'WA', '6###'], ['Adelaide', 'SA', '5###'], ['Canberra', 'ACT', '2###']] as const;

const EN_STREETS = ['Main Street', 'Oak Street', 'Maple Avenue', 'Park Avenue', 'Elm Street', 'Washington Street', 'Lake Road', 'Hill Road', 'Church Street', 'High Street', 'Market Street', 'Station Road', 'Broadway', 'Cedar Lane', 'Pine Street', 'River Road', 'Commerce Drive', 'Industrial Parkway', 'Enterprise Way', 'Corporate Boulevard', 'Victoria Road', 'King Street', 'Queen Street', 'Mill Lane', 'Bridge Street', 'Harbour Road', 'Airport Road', 'Business Park Drive', 'Technology Drive', 'Innovation Way'];
const DE_STREETS = ['Hauptstraße', 'Bahnhofstraße', 'Gartenstraße', 'Schulstraße', 'Dorfstraße', 'Industriestraße', 'Lindenstraße', 'Bergstraße', 'Kirchstraße', 'Waldstraße', 'Gewerbestraße', 'Ringstraße', 'Friedrichstraße', 'Am Markt', 'Mühlenweg'];
const FR_STREETS = ['rue de la Paix', 'avenue de la République', 'rue Victor Hugo', 'boulevard Voltaire', 'rue du Commerce', 'rue de Paris', 'avenue Jean Jaurès', 'rue Pasteur', "rue de l'Industrie", 'chemin des Vignes', 'rue Nationale', 'place de la Gare'];
const NL_STREETS = ['Kerkstraat', 'Dorpsstraat', 'Stationsweg', 'Industrieweg', 'Molenweg', 'Hoofdstraat', 'Schoolstraat', 'Nieuwstraat', 'Havenstraat', 'Marktplein'];
const ES_STREETS = ['Calle Mayor', 'Calle Real', 'Avenida de la Constitución', 'Calle del Sol', 'Paseo de Gracia', 'Calle de Alcalá', 'Avenida Diagonal', 'Calle Industria'];
const IT_STREETS = ['Via Roma', 'Via Garibaldi', 'Via Mazzini', 'Via Dante', 'Corso Italia', 'Via Verdi', 'Via Marconi', "Via dell'Industria", 'Piazza del Popolo'];

export const COUNTRIES: readonly CountryStyle[] = [
  { iso2: 'US', iso3: 'USA', weight: 40, legalForms: [['Inc.', 4], ['LLC', 4], ['Corp.', 2], ['Co.', 1], ['Corporation', 1], ['Incorporated', 0.5], ['LP', 0.3], ['', 1]], surnames: EN_SURNAMES, streets: EN_STREETS, cities: US_CITIES, numberFirst: true, taxId: (d) => `${d(2)}-${d(7)}`, industryFirst: false },
  { iso2: 'GB', iso3: 'GBR', weight: 15, legalForms: [['Ltd', 5], ['Limited', 3], ['PLC', 0.5], ['LLP', 0.5], ['& Sons Ltd', 0.3], ['', 1]], surnames: EN_SURNAMES, streets: EN_STREETS, cities: GB_CITIES, numberFirst: true, taxId: (d) => `GB${d(9)}`, industryFirst: false },
  { iso2: 'DE', iso3: 'DEU', weight: 12, legalForms: [['GmbH', 6], ['AG', 1], ['KG', 1], ['GmbH & Co. KG', 1.5], ['e.K.', 0.5], ['OHG', 0.3], ['UG', 0.5]], surnames: DE_SURNAMES, streets: DE_STREETS, cities: DE_CITIES, numberFirst: false, taxId: (d) => `DE${d(9)}`, industryFirst: false },
  { iso2: 'FR', iso3: 'FRA', weight: 10, legalForms: [['SAS', 5], ['SARL', 4], ['SA', 1.5], ['EURL', 1], ['SNC', 0.3]], surnames: FR_SURNAMES, streets: FR_STREETS, cities: FR_CITIES, numberFirst: true, taxId: (d) => `FR${d(11)}`, industryFirst: true },
  { iso2: 'NL', iso3: 'NLD', weight: 5, legalForms: [['B.V.', 7], ['N.V.', 1], ['V.O.F.', 1]], surnames: NL_SURNAMES, streets: NL_STREETS, cities: NL_CITIES, numberFirst: false, taxId: (d) => `NL${d(9)}B01`, industryFirst: false },
  { iso2: 'ES', iso3: 'ESP', weight: 5, legalForms: [['S.L.', 6], ['S.A.', 2], ['S.L.U.', 1]], surnames: ES_SURNAMES, streets: ES_STREETS, cities: ES_CITIES, numberFirst: false, taxId: (d) => `ESB${d(8)}`, industryFirst: true },
  { iso2: 'IT', iso3: 'ITA', weight: 5, legalForms: [['S.r.l.', 6], ['S.p.A.', 2], ['S.n.c.', 1]], surnames: IT_SURNAMES, streets: IT_STREETS, cities: IT_CITIES, numberFirst: false, taxId: (d) => `IT${d(11)}`, industryFirst: true },
  { iso2: 'CA', iso3: 'CAN', weight: 4, legalForms: [['Inc.', 5], ['Ltd.', 3], ['Corp.', 1], ['Limited', 1]], surnames: EN_SURNAMES, streets: EN_STREETS, cities: CA_CITIES, numberFirst: true, taxId: (d) => `${d(9)}RT0001`, industryFirst: false },
  { iso2: 'AU', iso3: 'AUS', weight: 4, legalForms: [['Pty Ltd', 8], ['Limited', 1], ['Pty. Ltd.', 1]], surnames: EN_SURNAMES, streets: EN_STREETS, cities: AU_CITIES, numberFirst: true, taxId: (d) => `${d(2)} ${d(3)} ${d(3)} ${d(3)}`, industryFirst: false },
];

export { PLACE_STEMS, INVENTED_A, INVENTED_B };

/** Industry words by MCC, in English; translations for the industry-first countries below. */
export const MCC_MIX: readonly (readonly [string, number, readonly string[]])[] = [
  ['5045', 6, ['Computer', 'IT Solutions', 'Technology', 'Systems', 'Software']],
  ['7372', 5, ['Software', 'Digital', 'Data', 'Cloud', 'Tech']],
  ['7392', 5, ['Consulting', 'Advisory', 'Partners', 'Management', 'Strategy']],
  ['8111', 3, ['Law', 'Legal', 'Attorneys', 'Solicitors']],
  ['8931', 3, ['Accounting', 'Accountants', 'Audit', 'Tax Advisors']],
  ['8911', 3, ['Engineering', 'Architects', 'Design', 'Surveyors']],
  ['7349', 4, ['Cleaning', 'Facility Services', 'Janitorial', 'Maintenance']],
  ['7361', 3, ['Staffing', 'Recruitment', 'Personnel', 'Talent']],
  ['7399', 5, ['Business Services', 'Services', 'Solutions', 'Support']],
  ['7311', 2, ['Advertising', 'Media', 'Marketing', 'Creative']],
  ['4214', 5, ['Freight', 'Logistics', 'Transport', 'Haulage', 'Trucking']],
  ['4215', 3, ['Courier', 'Express', 'Delivery', 'Parcel']],
  ['4225', 1, ['Storage', 'Warehousing', 'Depot']],
  ['5085', 5, ['Industrial Supply', 'Industrial', 'Supply', 'Components']],
  ['5065', 3, ['Electronics', 'Electrical', 'Components']],
  ['5072', 2, ['Hardware', 'Fasteners', 'Tools']],
  ['5111', 3, ['Office Supplies', 'Stationery', 'Paper']],
  ['5021', 1, ['Office Furniture', 'Interiors', 'Furniture']],
  ['5047', 2, ['Medical Supplies', 'Medical', 'Healthcare']],
  ['5169', 1, ['Chemicals', 'Chemical']],
  ['5172', 2, ['Fuels', 'Petroleum', 'Energy', 'Oil']],
  ['5039', 2, ['Building Materials', 'Construction Supply', 'Timber']],
  ['5013', 2, ['Auto Parts', 'Motor Parts', 'Automotive']],
  ['1520', 3, ['Construction', 'Builders', 'Contractors', 'Building']],
  ['1711', 2, ['Plumbing', 'Heating', 'HVAC', 'Mechanical']],
  ['1731', 2, ['Electric', 'Electrical Contractors', 'Electricians']],
  ['0780', 1, ['Landscaping', 'Gardens', 'Grounds']],
  ['2741', 1, ['Printing', 'Print', 'Press', 'Publishing']],
  ['7699', 2, ['Repair', 'Repairs', 'Maintenance']],
  ['7394', 1, ['Equipment Rental', 'Rentals', 'Hire']],
  ['4814', 2, ['Telecom', 'Communications', 'Networks']],
  ['4900', 1, ['Utilities', 'Power', 'Water']],
  ['5812', 3, ['Restaurant', 'Grill', 'Bistro', 'Kitchen']],
  ['5811', 2, ['Catering', 'Caterers', 'Events']],
  ['7011', 3, ['Hotel', 'Inn', 'Suites', 'Lodge']],
  ['4722', 1, ['Travel', 'Tours', 'Travel Agency']],
  ['4121', 1, ['Taxi', 'Cars', 'Limousine']],
  ['4511', 0.5, ['Airways', 'Air', 'Aviation']],
  ['7512', 0.5, ['Car Rental', 'Rent-a-Car', 'Auto Rental']],
  ['5541', 1, ['Service Station', 'Fuel Stop', 'Petrol']],
  ['5411', 1, ['Market', 'Grocers', 'Foods']],
  ['5999', 2, ['Store', 'Shop', 'Retail', 'Trading']],
  ['5943', 1, ['Office Store', 'Stationers']],
  ['8062', 1, ['Hospital', 'Medical Center', 'Clinic']],
  ['8099', 1, ['Health', 'Health Services', 'Therapy']],
  ['8299', 1, ['Training', 'Academy', 'Learning']],
  ['8699', 0.5, ['Association', 'Society', 'Federation']],
  ['9399', 0.5, ['Authority', 'Agency', 'Office']],
  ['7393', 1, ['Security', 'Protection', 'Guarding']],
  ['7342', 0.5, ['Pest Control', 'Hygiene']],
  ['8734', 0.5, ['Testing', 'Laboratories', 'Labs']],
];

/** Local-language variants for industry-first countries (a share of their names use them). */
export const LOCAL_WORDS: Record<string, Record<string, string>> = {
  FR: { Freight: 'Transports', Logistics: 'Logistique', Consulting: 'Conseil', Cleaning: 'Nettoyage', Construction: 'Bâtiment', Restaurant: 'Restaurant', Hotel: 'Hôtel', Printing: 'Imprimerie', Engineering: 'Ingénierie', Services: 'Services', Electric: 'Électricité', Plumbing: 'Plomberie' },
  ES: { Freight: 'Transportes', Logistics: 'Logística', Consulting: 'Consultoría', Cleaning: 'Limpiezas', Construction: 'Construcciones', Restaurant: 'Restaurante', Hotel: 'Hotel', Printing: 'Imprenta', Engineering: 'Ingeniería', Services: 'Servicios', Electric: 'Electricidad', Plumbing: 'Fontanería' },
  IT: { Freight: 'Trasporti', Logistics: 'Logistica', Consulting: 'Consulenza', Cleaning: 'Pulizie', Construction: 'Costruzioni', Restaurant: 'Ristorante', Hotel: 'Albergo', Printing: 'Tipografia', Engineering: 'Ingegneria', Services: 'Servizi', Electric: 'Impianti Elettrici', Plumbing: 'Idraulica' },
  DE: { Freight: 'Spedition', Logistics: 'Logistik', Consulting: 'Beratung', Cleaning: 'Gebäudereinigung', Construction: 'Bau', Restaurant: 'Gaststätte', Hotel: 'Hotel', Printing: 'Druckerei', Engineering: 'Ingenieurbüro', Services: 'Dienstleistungen', Electric: 'Elektrotechnik', Plumbing: 'Sanitärtechnik' },
  NL: { Freight: 'Transport', Logistics: 'Logistiek', Consulting: 'Advies', Cleaning: 'Schoonmaak', Construction: 'Bouw', Restaurant: 'Restaurant', Hotel: 'Hotel', Printing: 'Drukkerij', Engineering: 'Ingenieursbureau', Services: 'Diensten', Electric: 'Elektrotechniek', Plumbing: 'Installatietechniek' },
};

export const DESCRIPTORS = ['', '', '', '', 'Global', 'International', 'National', 'American', 'European', 'Advanced', 'Professional', 'Premier', 'Quality', 'Precision', 'Integrated', 'Strategic', 'Modern', 'Direct', 'First', 'Total'];
