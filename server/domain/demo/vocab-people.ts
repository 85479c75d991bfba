import { slugify } from "./prng";

/** People, organisations and careers for participants, card teams and profiles (all fictional). */

export const FIRST_EUROPE = [
  "Anna",
  "Lukas",
  "Sophie",
  "Matteo",
  "Emma",
  "Jonas",
  "Clara",
  "Felix",
  "Lea",
  "Noah",
  "Elena",
  "Oskar",
  "Ines",
  "Hugo",
  "Maja",
  "Luca",
  "Chiara",
  "Mateusz",
  "Freya",
  "Sven",
  "Aoife",
  "Tomas",
  "Camille",
  "Jan",
  "Sara",
  "Pablo",
  "Marta",
  "Niklas",
  "Julia",
  "Antoine",
];
export const LAST_EUROPE = [
  "Schmidt",
  "Müller",
  "Rossi",
  "Dubois",
  "Jansen",
  "Nowak",
  "Larsen",
  "García",
  "Fischer",
  "Bianchi",
  "Moreau",
  "Novak",
  "Lindqvist",
  "Kowalski",
  "Murphy",
  "Silva",
  "Weber",
  "Bakker",
  "Virtanen",
  "Hansen",
  "Ferreira",
  "Lambert",
  "Keller",
  "Horvat",
  "Meyer",
  "Costa",
  "Andersen",
  "Wagner",
  "Petit",
  "Romano",
];
export const FIRST_OTHER = [
  "James",
  "Olivia",
  "Ethan",
  "Ava",
  "Liam",
  "Mia",
  "Daniel",
  "Grace",
  "Arjun",
  "Priya",
  "Wei",
  "Mei",
  "Hiroshi",
  "Yuki",
  "Min-jun",
  "Ji-woo",
  "Carlos",
  "Lucía",
  "Mateo",
  "Valentina",
  "Omar",
  "Layla",
  "Chinedu",
  "Amara",
  "Kwame",
  "Zanele",
  "Noa",
  "Eitan",
  "Jack",
  "Ruby",
];
export const LAST_OTHER = [
  "Johnson",
  "Williams",
  "Brown",
  "Nguyen",
  "Patel",
  "Sharma",
  "Chen",
  "Wang",
  "Tanaka",
  "Sato",
  "Kim",
  "Park",
  "Rodríguez",
  "Hernández",
  "Santos",
  "Oliveira",
  "Haddad",
  "Khalil",
  "Okafor",
  "Mensah",
  "Dlamini",
  "Levi",
  "Cohen",
  "Smith",
  "Taylor",
  "Martin",
  "Lee",
  "Walker",
  "Wright",
  "Clarke",
];

export const FUND_HEADS = [
  "Northwind",
  "Granite",
  "Blue Harbor",
  "Red Cedar",
  "Lighthouse",
  "Summit",
  "Ironbridge",
  "Foundry",
  "Polar",
  "Evergreen",
  "Crescent",
  "Vector",
  "Meridian",
  "Sequoia Grove",
  "Alder",
  "Harbor Light",
  "Fjord",
  "Atlas",
  "Kestrel",
  "Orchard",
];
export const FUND_TAILS = ["Ventures", "Capital", "Partners", "VC", "Investments", "Growth", "Seed Fund", "Venture Partners"];
export const ACCELERATOR_HEADS = ["Launch", "Founders Forge", "Northstar", "Catalyst", "Ignite", "Rocket", "Pioneer", "Spark"];
export const ACCELERATOR_TAILS = ["Accelerator", "Labs", "Launchpad", "Studio", "Program"];
export const SYNDICATE_HEADS = [
  "Operators",
  "Angels of Fintech",
  "Climate Angels",
  "Dev Founders",
  "Health Operators",
  "Second Founders",
  "Scale Angels",
];

/** Companies people worked at (profile experience and tags). */
export const COMPANIES = [
  "Paylane",
  "Cloudbase",
  "Streamline",
  "Monzo-like Bank",
  "Shoply",
  "Ridewise",
  "Datahive",
  "Orbitly",
  "Finch Pay",
  "Kairo Health",
  "Tessera",
  "Brightwave",
  "Loomly",
  "Quantic",
  "Northbeam",
  "Vaultly",
  "Parcelo",
  "Greenfield Energy",
  "Pixelcraft",
  "Medisphere",
  "Truckr",
  "Lexica",
  "Stackwise",
  "Openlane",
];
/** Fintech employers (the private demo collection selects people tagged with them). */
export const FINTECH_COMPANIES = ["Paylane", "Finch Pay", "Vaultly", "Monzo-like Bank"];
export const SCHOOLS = [
  "TU Munich",
  "ETH Zurich",
  "Imperial College London",
  "Sorbonne University",
  "Delft University of Technology",
  "KTH Royal Institute of Technology",
  "University of Oxford",
  "Stanford University",
  "MIT",
  "UC Berkeley",
  "IIT Bombay",
  "National University of Singapore",
  "University of Tokyo",
  "Tel Aviv University",
  "University of São Paulo",
  "University of Lagos",
  "University of Melbourne",
  "HEC Paris",
  "Bocconi University",
  "University of Waterloo",
];
export const ACCELERATORS = ["Launch Accelerator", "Founders Forge", "Northstar Labs", "Catalyst Program", "Ignite Studio"];
export const DEGREES = [
  "BSc Computer Science",
  "MSc Computer Science",
  "MBA",
  "BEng Mechanical Engineering",
  "MSc Finance",
  "PhD Machine Learning",
  "BA Economics",
  "MSc Data Science",
  "BSc Physics",
];

export const ROLES_SENIOR = [
  "CEO",
  "CTO",
  "COO",
  "CFO",
  "VP Engineering",
  "VP Product",
  "Head of Growth",
  "Chief Revenue Officer",
  "Head of Data",
];
export const ROLES_OTHER = [
  "Software Engineer",
  "Product Manager",
  "Data Scientist",
  "Designer",
  "Account Executive",
  "Engineering Manager",
  "Research Scientist",
  "Operations Lead",
];
export const ROLES_NOISE = ["Student", "Recruiter", "Marketing Intern", "Freelance Consultant", "Teacher", "Sales Associate"];

export const STATUSES = ["stealth", "came_out_of_stealth", "got_a_job", "active"];

export const BIO_TOPICS = [
  "fintech",
  "climate tech",
  "developer tools",
  "AI agents",
  "health tech",
  "crypto",
  "B2B SaaS",
  "marketplaces",
  "open source",
  "robotics",
];

const FIRST_EUROPE_SLUGS = FIRST_EUROPE.map(slugify);
const LAST_EUROPE_SLUGS = LAST_EUROPE.map(slugify);
const FIRST_OTHER_SLUGS = FIRST_OTHER.map(slugify);
const LAST_OTHER_SLUGS = LAST_OTHER.map(slugify);

/** A person's name picked by two numbers; `european` chooses the vocabulary. */
export function personName(a: number, b: number, european: boolean): { name: string; first: string; last: string; slug: string } {
  const [firsts, lasts, fs, ls] = european
    ? [FIRST_EUROPE, LAST_EUROPE, FIRST_EUROPE_SLUGS, LAST_EUROPE_SLUGS]
    : [FIRST_OTHER, LAST_OTHER, FIRST_OTHER_SLUGS, LAST_OTHER_SLUGS];
  const i = a % firsts.length;
  const j = b % lasts.length;
  return { name: `${firsts[i]} ${lasts[j]}`, first: firsts[i]!, last: lasts[j]!, slug: `${fs[i]}-${ls[j]}` };
}
