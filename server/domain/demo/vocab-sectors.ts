/**
 * Sector vocabularies: the demo categories (parents with children) and the phrases card names
 * and descriptions are built from, so that text and semantic search find something real
 * ("AI-powered compliance automation for mid-size banks").
 */

export interface TSector {
  slug: string;
  name: string;
  children: [slug: string, name: string][];
  products: string[];
  customers: string[];
  web3?: boolean;
}

export const SECTORS: TSector[] = [
  {
    slug: "fintech",
    name: "Fintech",
    children: [
      ["payments", "Payments"],
      ["lending", "Lending"],
      ["insurtech", "Insurtech"],
      ["wealth-management", "Wealth management"],
      ["regtech", "Regtech"],
    ],
    products: [
      "compliance automation",
      "payment orchestration",
      "fraud detection",
      "invoice financing",
      "treasury management",
      "expense management",
      "credit scoring",
      "embedded insurance",
      "cross-border payouts",
      "KYC onboarding",
    ],
    customers: [
      "mid-size banks",
      "credit unions",
      "e-commerce merchants",
      "freelancers",
      "small businesses",
      "neobanks",
      "insurance brokers",
      "CFO teams",
    ],
  },
  {
    slug: "ai-ml",
    name: "AI & machine learning",
    children: [
      ["llm-infrastructure", "LLM infrastructure"],
      ["computer-vision", "Computer vision"],
      ["ai-agents", "AI agents"],
      ["mlops", "MLOps"],
    ],
    products: [
      "LLM evaluation",
      "model monitoring",
      "document understanding",
      "AI sales agents",
      "synthetic data generation",
      "vector search",
      "visual inspection",
      "speech transcription",
      "retrieval-augmented search",
    ],
    customers: ["enterprise data teams", "manufacturers", "customer support teams", "legal departments", "ML engineers", "retailers"],
  },
  {
    slug: "health",
    name: "Health",
    children: [
      ["digital-health", "Digital health"],
      ["biotech", "Biotech"],
      ["medtech", "Medtech"],
      ["mental-health", "Mental health"],
    ],
    products: [
      "remote patient monitoring",
      "clinical trial matching",
      "AI radiology triage",
      "virtual physiotherapy",
      "care coordination",
      "drug discovery",
      "therapy matching",
      "prior authorization automation",
    ],
    customers: ["hospitals", "clinics", "pharma companies", "employers", "elderly patients", "health insurers"],
  },
  {
    slug: "climate",
    name: "Climate & energy",
    children: [
      ["carbon-accounting", "Carbon accounting"],
      ["energy-storage", "Energy storage"],
      ["ev-charging", "EV charging"],
      ["circular-economy", "Circular economy"],
      ["agtech", "Agtech"],
    ],
    products: [
      "carbon accounting",
      "battery analytics",
      "EV charging management",
      "grid flexibility",
      "packaging reuse",
      "precision irrigation",
      "heat pump installation",
      "supply-chain emissions tracking",
    ],
    customers: ["utilities", "fleet operators", "farmers", "industrial companies", "real-estate owners", "consumer brands"],
  },
  {
    slug: "devtools",
    name: "Developer tools",
    children: [
      ["observability", "Observability"],
      ["ci-cd", "CI/CD"],
      ["databases", "Databases"],
      ["api-tooling", "API tooling"],
    ],
    products: [
      "open-source observability",
      "test automation",
      "serverless databases",
      "API testing",
      "feature flagging",
      "code review automation",
      "developer portals",
      "infrastructure as code",
    ],
    customers: ["platform teams", "startups", "DevOps engineers", "open-source maintainers", "enterprise IT"],
  },
  {
    slug: "security",
    name: "Security",
    children: [
      ["identity", "Identity"],
      ["cloud-security", "Cloud security"],
      ["application-security", "Application security"],
    ],
    products: [
      "passwordless authentication",
      "cloud posture management",
      "software supply-chain security",
      "phishing simulation",
      "secrets detection",
      "zero-trust access",
    ],
    customers: ["CISOs", "mid-market companies", "SaaS vendors", "hospitals", "public agencies"],
  },
  {
    slug: "web3",
    name: "Web3",
    children: [
      ["defi", "DeFi"],
      ["infrastructure-web3", "Web3 infrastructure"],
      ["nft", "Digital collectibles"],
      ["dao-tooling", "DAO tooling"],
    ],
    products: [
      "on-chain analytics",
      "self-custody wallets",
      "stablecoin payments",
      "DAO treasury management",
      "cross-chain bridges",
      "tokenized real-world assets",
      "smart-contract auditing",
    ],
    customers: ["crypto traders", "DAOs", "protocol teams", "fintechs", "game studios"],
    web3: true,
  },
  {
    slug: "consumer",
    name: "Consumer",
    children: [
      ["marketplaces", "Marketplaces"],
      ["social", "Social"],
      ["food", "Food & beverage"],
      ["travel", "Travel"],
      ["gaming", "Gaming"],
    ],
    products: [
      "second-hand fashion marketplace",
      "meal planning",
      "group travel booking",
      "creator monetization",
      "language learning app",
      "local services marketplace",
      "mobile gaming",
    ],
    customers: ["Gen Z shoppers", "parents", "travellers", "creators", "pet owners", "home cooks"],
  },
  {
    slug: "mobility",
    name: "Mobility & logistics",
    children: [
      ["logistics", "Logistics"],
      ["autonomous-vehicles", "Autonomous vehicles"],
      ["micromobility", "Micromobility"],
    ],
    products: [
      "last-mile delivery routing",
      "freight brokerage",
      "warehouse robotics",
      "fleet telematics",
      "autonomous trucking",
      "e-bike subscriptions",
    ],
    customers: ["logistics companies", "retail chains", "cities", "3PL warehouses", "commuters"],
  },
  {
    slug: "edtech",
    name: "Education",
    children: [
      ["k12", "K-12"],
      ["upskilling", "Upskilling"],
      ["higher-education", "Higher education"],
    ],
    products: ["AI tutoring", "coding bootcamps", "skills assessment", "classroom management", "student financing", "corporate learning"],
    customers: ["schools", "universities", "HR teams", "career switchers", "teachers"],
  },
  {
    slug: "enterprise-software",
    name: "Enterprise software",
    children: [
      ["hr-tech", "HR tech"],
      ["sales-tech", "Sales tech"],
      ["legal-tech", "Legal tech"],
      ["construction-tech", "Construction tech"],
      ["supply-chain", "Supply chain"],
    ],
    products: [
      "contract lifecycle management",
      "workforce scheduling",
      "revenue intelligence",
      "procurement automation",
      "construction project management",
      "payroll automation",
    ],
    customers: ["law firms", "general contractors", "HR leaders", "sales teams", "procurement teams", "hospitality groups"],
  },
];

export const ADJECTIVES = [
  "AI-powered",
  "Open-source",
  "Real-time",
  "Automated",
  "Privacy-first",
  "Collaborative",
  "No-code",
  "API-first",
  "Mobile-first",
  "Predictive",
  "Self-serve",
  "Vertical",
];

export const TAGLINES = [
  "Built by former {company} engineers.",
  "Backed by angels from {company}.",
  "Used by teams in {country}.",
  "Launched publicly after a year in private beta.",
  "Growing 20% month over month.",
  "Integrates with the tools teams already use.",
  "Cuts manual work by up to 80%.",
  "Recently shipped a self-serve plan.",
];

export const NAME_HEADS = [
  "Ledger",
  "Nimbus",
  "Quant",
  "Verd",
  "Lumen",
  "Astra",
  "Nova",
  "Kite",
  "Flux",
  "Orbit",
  "Pylon",
  "Atlas",
  "Helix",
  "Sable",
  "Tidal",
  "Cobalt",
  "Ember",
  "Vanta",
  "Zephyr",
  "Mosaic",
  "Onyx",
  "Parcel",
  "Relay",
  "Signal",
  "Harbor",
  "Prism",
  "Beacon",
  "Canopy",
  "Delta",
  "Fable",
  "Granite",
  "Juniper",
  "Keystone",
  "Meridian",
  "Northstar",
  "Otter",
  "Pioneer",
  "Quill",
  "Rivet",
  "Summit",
];

export const NAME_TAILS = [
  "ly",
  "io",
  "ify",
  "a",
  "base",
  "stack",
  "works",
  "hub",
  "loop",
  "wise",
  "path",
  "mind",
  "grid",
  "bit",
  "flow",
  "labs",
  "ai",
  "care",
  "pay",
  "ops",
];

export const NAME_SUFFIXES = ["", "", "", "", " AI", " Labs", " Health", " Technologies", " Systems", " Cloud"];

export const STAGES: [slug: string, name: string][] = [
  ["stealth", "Stealth"],
  ["idea", "Idea"],
  ["prototype", "Prototype"],
  ["mvp", "MVP"],
  ["early-revenue", "Early revenue"],
  ["growth", "Growth"],
  ["scale-up", "Scale-up"],
  ["mature", "Mature"],
];

export const ROUNDS: [slug: string, name: string][] = [
  ["bootstrapped", "Bootstrapped"],
  ["pre-seed", "Pre-seed"],
  ["seed", "Seed"],
  ["series-a", "Series A"],
  ["series-b", "Series B"],
  ["series-c", "Series C"],
  ["series-d-plus", "Series D+"],
  ["grant", "Grant"],
];

/** The five source types of the spec, with their names and groups. */
export const SOURCE_TYPES: [slug: string, name: string, group: string][] = [
  ["social_interactions", "Social", "social"],
  ["launch_board", "Launch board", "launch_board"],
  ["network_a", "Network A", "network_a"],
  ["code_host", "Code host", "code_host"],
  ["new_company_registration", "New company", "new_company"],
];

export const PARTICIPANT_TYPES: [slug: string, name: string][] = [
  ["fund", "Fund"],
  ["investor", "Investor"],
  ["angel", "Angel"],
  ["founder", "Founder"],
  ["accelerator", "Accelerator"],
  ["syndicate", "Syndicate"],
];
