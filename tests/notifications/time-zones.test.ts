import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalTimeZone, timeZoneChoices } from "~/server/domain/notifications/time-zones";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller } from "../helpers/trpc";

/** The digest's time zone under its current IANA name: offered, stored and answered so, whatever names the runtime lists. */

const accepted = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

describe("time zone names", () => {
  it("names a renamed zone by its current name and leaves the others", () => {
    expect(canonicalTimeZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(canonicalTimeZone("America/Godthab")).toBe("America/Nuuk");
    expect(canonicalTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    // Names the lookup must not find on a plain object.
    expect(canonicalTimeZone("constructor")).toBe("constructor");
  });

  it("offers the runtime's zones under current names only, UTC first, each once, each one the runtime accepts", () => {
    const known = Intl.supportedValuesOf("timeZone");
    const choices = timeZoneChoices(known, "Asia/Calcutta");
    expect(choices[0]).toBe("UTC");
    expect(choices).toContain("Asia/Kolkata");
    expect(choices).toContain("Europe/Kyiv");
    for (const old of ["Asia/Calcutta", "Europe/Kiev", "Asia/Saigon", "Asia/Katmandu", "Atlantic/Faeroe"])
      expect(choices).not.toContain(old);
    expect(new Set(choices).size).toBe(choices.length);
    for (const tz of choices) {
      expect(canonicalTimeZone(tz), tz).toBe(tz);
      expect(accepted(tz), tz).toBe(true);
    }
    expect(choices.length).toBeGreaterThan(300);
  });

  it("maps a list of old names as well as one of current names", () => {
    expect(timeZoneChoices(["Europe/Kiev", "Asia/Calcutta", "Europe/Berlin"], "UTC")).toEqual([
      "UTC",
      "Asia/Kolkata",
      "Europe/Berlin",
      "Europe/Kyiv",
    ]);
    expect(timeZoneChoices(["Europe/Kyiv", "Asia/Kolkata"], "Europe/Kiev")).toEqual(["UTC", "Asia/Kolkata", "Europe/Kyiv"]);
  });
});

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("notification preferences", () => {
  it("answer a zone stored under an old name by its current name, and store a zone chosen under an old name so", async () => {
    const { account } = await createAccount(t.db);
    const ui = await browserCaller(t.db, account.id);
    await t.db.notificationSettings.create({ data: { accountId: account.id, timeZone: "Asia/Calcutta" } });
    expect((await ui.notifications.preferences()).time_zone).toBe("Asia/Kolkata");

    expect((await ui.notifications.setPreferences({ time_zone: "Europe/Kiev" })).time_zone).toBe("Europe/Kyiv");
    expect((await t.db.notificationSettings.findUnique({ where: { accountId: account.id } }))!.timeZone).toBe("Europe/Kyiv");
  });
});
