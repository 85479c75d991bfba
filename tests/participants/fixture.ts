import type { TDb } from "~/server/db/client";

/**
 * A small known set of participants. Names start with distinct words so that their order is the
 * same under every collation (embedded and server databases).
 *
 * slug    name               type         web3  web2  monthly  parent
 * acme    Acme Ventures      fund         yes   no    40       -
 * beacon  Beacon Capital     fund         no    yes   40       -
 * cedar   Cedar Partners     fund         yes   yes    5       cedar (itself)
 * dana    Dana Whitfield     investor     no    yes   12       acme
 * elliot  Elliot Moss        angel        yes   no     0       -
 * fiona   Fiona Grant        angel        no    no     3       -
 * gamma   Gamma Accelerator  accelerator  no    yes    7       -
 * hugo    Hugo Ventures      investor     yes   no    12       beacon
 * iris    Iris Sequoia       fund         no    yes   25       -
 */

const TYPES = [
  { slug: "fund", name: "Fund" },
  { slug: "investor", name: "Investor" },
  { slug: "angel", name: "Angel" },
  { slug: "accelerator", name: "Accelerator" },
  { slug: "founder", name: "Founder" },
];

type TRow = [slug: string, name: string, type: string, web3: boolean, web2: boolean, monthly: number, about: string | null];

const ROWS: TRow[] = [
  ["acme", "Acme Ventures", "fund", true, false, 40, "Early stage fund for blockchain protocols"],
  ["beacon", "Beacon Capital", "fund", false, true, 40, "Growth equity for software companies"],
  ["cedar", "Cedar Partners", "fund", true, true, 5, "Seed investors in climate"],
  ["dana", "Dana Whitfield", "investor", false, true, 12, "Partner at Acme focused on marketplaces"],
  ["elliot", "Elliot Moss", "angel", true, false, 0, null],
  ["fiona", "Fiona Grant", "angel", false, false, 3, "Angel investor, former founder of Sequoyah Labs"],
  ["gamma", "Gamma Accelerator", "accelerator", false, true, 7, "Three month program"],
  ["hugo", "Hugo Ventures", "investor", true, false, 12, "Protocol engineer turned investor"],
  ["iris", "Iris Sequoia", "fund", false, true, 25, null],
];

export const ALL = ROWS.map((r) => r[0]);
export const BY_NAME = [...ALL];
export const MOST_ACTIVE = ["acme", "beacon", "iris", "dana", "hugo", "gamma", "cedar", "fiona", "elliot"];

const PARENTS: Record<string, string> = { cedar: "cedar", dana: "acme", hugo: "beacon" };

export async function seedParticipants(db: TDb): Promise<void> {
  await db.participantType.createMany({ data: TYPES });
  const types = new Map((await db.participantType.findMany()).map((t) => [t.slug, t.id]));
  for (const [slug, name, type, web3, web2, monthlySignals, about] of ROWS) {
    await db.participant.create({
      data: {
        slug,
        name,
        typeId: types.get(type)!,
        web3,
        web2,
        monthlySignals,
        monthlySignalsFixed: true,
        about,
        altName: slug === "acme" ? "Acme VC" : null,
        email: slug === "acme" ? "hello@acme.example" : null,
        image: slug === "acme" ? "https://img.example/acme.png" : null,
      },
    });
  }
  const ids = new Map((await db.participant.findMany()).map((p) => [p.slug, p.id]));
  for (const [child, parent] of Object.entries(PARENTS)) {
    await db.participant.update({ where: { slug: child }, data: { associatedWithId: ids.get(parent)! } });
  }
  await db.participantSource.createMany({
    data: [
      { participantId: ids.get("acme")!, slug: "acme-vc", type: "network_b", link: "https://network-b.example/acme-vc" },
      { participantId: ids.get("acme")!, slug: "acme", type: "network_a", link: "https://network-a.example/company/acme" },
    ],
  });
}

/** Slugs of a list response, in order. */
export const slugs = (body: { data: { slug: string }[] }) => body.data.map((p) => p.slug);
