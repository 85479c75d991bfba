import { expect, test } from "@playwright/test";
import { auth, vmon } from "./support";

/** Two accounts against the running server: neither can reach the other's data. */
function token(email: string): string {
  const r = vmon(["tokens", "create", "--email", email, "--plan", "paid", "--json"]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).token;
}

test("radar applications, folders and quotas stay with their account", async ({ request }) => {
  const a = token("iso-a@example.test");
  const b = token("iso-b@example.test");
  const created = await request.post("/v1/radar/applications/", {
    headers: auth(a),
    data: { source: "network_b", username: "someone-not-in-the-dataset", is_tracking: false },
  });
  expect(created.status(), await created.text()).toBe(200);
  const id = (await created.json()).data.id;

  const listA = await (await request.get("/v1/radar/applications/network_b/", { headers: auth(a) })).json();
  expect(listA.data.map((x: { id: number }) => x.id)).toContain(id);
  const listB = await (await request.get("/v1/radar/applications/network_b/", { headers: auth(b) })).json();
  expect(listB.data).toEqual([]);

  const del = await request.delete(`/v1/radar/applications/network_b/${id}/`, { headers: auth(b) });
  expect(del.status()).toBe(404);
  const track = await request.patch(`/v1/radar/applications/network_b/${id}/tracking/`, { headers: auth(b), data: { is_tracking: true } });
  expect(track.status()).toBe(404);

  const foldersB = await (await request.get("/v1/cards/folders/", { headers: auth(b) })).json();
  expect(foldersB.data).toEqual([]);
  const quotaB = await (await request.get("/v1/radar/quota/", { headers: auth(b) })).json();
  expect(quotaB.data.network_b.used).toBe(0);
});
