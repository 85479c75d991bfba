import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { importJsonl } from "~/server/domain/import";
import { runEmailDeliveries } from "~/server/domain/notifications/email";
import { setPreferences } from "~/server/domain/notifications/preferences";
import { openTestDb, type TTestDb } from "../helpers/db";
import { runAlerts } from "../helpers/events";
import { mailToTestSmtp } from "../helpers/smtp-env";
import { browserCaller } from "../helpers/trpc";
import { linesSource } from "../import/helpers";
import { radarAccount } from "../radar/fixtures";

/**
 * A saved filter's alert by e-mail (docs/notifications.md): at once and in a digest, each card it
 * names is shown the same way, with its stage, round, location, one-line description and the
 * signal that brought it in (by the filter's participant when it names one; never one dated after
 * the alert), linked to the card, in both parts, escaped in the HTML one.
 */
vi.setConfig({ testTimeout: 120_000 });

const BASE = "https://vm.example";
let t: TTestDb;
const smtp = mailToTestSmtp(BASE);
const line = (o: object) => JSON.stringify(o);

beforeAll(async () => {
  t = await openTestDb();
  await importJsonl(
    t.db,
    linesSource([
      line({ kind: "stage", slug: "seed", name: "Seed", position: 1 }),
      line({ kind: "round", slug: "pre-seed", name: "Pre-seed round", position: 1 }),
      line({ kind: "location", slug: "europe", name: "Europe", type: "region", scope: "world" }),
      line({ kind: "location", slug: "germany", name: "Germany", type: "country", parent: "europe", country: "Germany" }),
      line({ kind: "location", slug: "berlin", name: "Berlin", type: "city", parent: "germany", city: "Berlin", country: "Germany" }),
      line({ kind: "source_type", slug: "x-posts", name: "X posts", group: "social" }),
      line({ kind: "participant_type", slug: "fund", name: "Fund" }),
      line({ kind: "participant_type", slug: "angel", name: "Angel" }),
      line({ kind: "participant", slug: "acme-ventures", name: "Acme Ventures", type: "fund" }),
      line({ kind: "participant", slug: "jane-doe", name: "Jane Doe", type: "angel", associated_with: "acme-ventures" }),
      line({ kind: "participant", slug: "other-angel", name: "Other Angel", type: "angel" }),
    ]),
  );
});
afterEach(() => smtp().clear());
afterAll(async () => {
  await t?.close();
});

async function follower(params: Record<string, unknown>, email: "instant" | "daily") {
  const a = await radarAccount(t.db);
  await setPreferences(t.db, a.id, { kinds: [{ kind: "saved_filter", email }], digest_hour: 8, time_zone: "UTC" });
  const ui = await browserCaller(t.db, a.id);
  const f = (await ui.user.filters.create({ name: `Filter <${a.id}>`, params } as never)) as { id: number };
  await ui.notifications.follow({ id: f.id, alert: true });
  await runAlerts(t.db);
  const { email: address } = await t.db.account.findUniqueOrThrow({ where: { id: a.id }, select: { email: true } });
  return { id: a.id, email: address, filterId: f.id };
}

const signal = (card: string, participant: string, at: string, extra: object = {}) =>
  line({ kind: "interaction", card, participant, created_at: at, ...extra });

describe("saved filter alert e-mails", () => {
  it("at once: the card's stage, round, location, description and the filter's signal, in both parts", async () => {
    const a = await follower({ participants: ["jane-doe"] }, "instant");
    await importJsonl(
      t.db,
      linesSource([
        line({
          kind: "card",
          slug: "quokka-robotics",
          name: "Quokka <Robotics>",
          description: "Robots for <warehouses> & farms\nSecond line, not shown",
          stage: "seed",
          round: "pre-seed",
          location: "berlin",
        }),
        signal("quokka-robotics", "jane-doe", "2026-10-01T10:00:00Z", { associated_participant: "acme-ventures", source_type: "x-posts" }),
        // Newer, but not by the filter's participant: not what made the card match.
        signal("quokka-robotics", "other-angel", "2026-11-01T10:00:00Z"),
      ]),
    );
    expect((await runAlerts(t.db)).notifications).toBeGreaterThanOrEqual(1);
    expect(await runEmailDeliveries(t.db, { base: BASE })).toMatchObject({ instant: 1, failed: 0 });
    const [mail] = smtp().to(a.email);
    expect(mail!.parsed.subject).toBe(`Filter <${a.id}>: 1 new card`);
    const text = mail!.parsed.text!;
    expect(text).toContain(
      [
        "- Quokka <Robotics>",
        "  Stage: Seed · Round: Pre-seed round · Location: Berlin, Germany",
        "  Robots for <warehouses> & farms",
        "  Signal: X posts by Jane Doe for Acme Ventures on 2026-10-01",
        `  ${BASE}/cards/quokka-robotics`,
      ].join("\n"),
    );
    expect(text).not.toContain("Second line");
    expect(text).not.toContain("Other Angel");
    const html = mail!.parsed.html as string;
    expect(html).toContain(`href="${BASE}/cards/quokka-robotics"`);
    expect(html).toContain(">Quokka &lt;Robotics&gt;</a>");
    expect(html).toContain("Stage: Seed · Round: Pre-seed round · Location: Berlin, Germany");
    expect(html).toContain("Robots for &lt;warehouses&gt; &amp; farms");
    expect(html).toContain("Signal: X posts by Jane Doe for Acme Ventures on 2026-10-01");
    expect(html).not.toMatch(/<warehouses>|<Robotics>/);
  });

  it("in a digest: each alert's cards shown the same way, the rest linked; never a signal dated after the alert", async () => {
    const a = await follower({ stages: ["seed"] }, "daily");
    const slugs = ["alpha", "beta", "gamma", "delta"];
    await importJsonl(
      t.db,
      linesSource(
        slugs.flatMap((slug) => [
          line({ kind: "card", slug: `${slug}-${a.id}`, name: `${slug} ${a.id}`, description: `About ${slug}`, stage: "seed" }),
          signal(`${slug}-${a.id}`, "other-angel", "2026-09-01T00:00:00Z", { source_type: "x-posts" }),
          signal(`${slug}-${a.id}`, "jane-doe", "2099-01-01T00:00:00Z"),
        ]),
      ),
    );
    await runAlerts(t.db);
    const [alert] = await t.db.notification.findMany({ where: { accountId: a.id, kind: "saved_filter" } });
    expect(alert!.title).toBe(`Filter <${a.id}>: 4 new cards`);
    // The next day's digest hour: the period that holds the alert.
    const next = new Date(alert!.createdAt.getTime() + 24 * 3600_000);
    expect(await runEmailDeliveries(t.db, { base: BASE, now: next })).toMatchObject({ digests: 1, failed: 0 });
    const [mail] = smtp().to(a.email);
    const text = mail!.parsed.text!;
    expect(text).toContain(`- Filter <${a.id}>: 4 new cards\n  ${BASE}/cards?filter_id=${a.filterId}&only_new=true\n  - `);
    // The alert names three of the four cards (the newest), each as the e-mail at once shows it.
    const named = slugs.filter((slug) =>
      text.includes(
        [
          `  - ${slug} ${a.id}`,
          "    Stage: Seed",
          `    About ${slug}`,
          "    Signal: X posts by Other Angel on 2026-09-01",
          `    ${BASE}/cards/${slug}-${a.id}`,
        ].join("\n"),
      ),
    );
    expect(named).toHaveLength(3);
    expect(text).toContain(`  - And 1 more new card\n    ${BASE}/cards?filter_id=${a.filterId}&only_new=true`);
    expect(text).not.toContain("2099");
    const html = mail!.parsed.html as string;
    expect(html).toContain(`Filter &lt;${a.id}&gt;: 4 new cards`);
    for (const slug of named) expect(html).toContain(`href="${BASE}/cards/${slug}-${a.id}"`);
    expect(html.match(/Signal: X posts by Other Angel on 2026-09-01/g)).toHaveLength(3);
  });
});
