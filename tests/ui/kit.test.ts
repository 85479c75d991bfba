import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Alert } from "~/app/_ui/alert";
import { Button } from "~/app/_ui/button";
import { ClientForm } from "~/app/_ui/client-form";
import { Field, type TFieldControl } from "~/app/_ui/field";
import { Input, Select } from "~/app/_ui/input";

/** The workspace's UI kit (app/_ui): the looks the pages had, and the accessibility wiring. */

const html = (el: ReactElement) => renderToStaticMarkup(el);

describe("Button", () => {
  // Rendered as the server renders it (before the page hydrates).
  it("is a plain button (not a submit) unless told, with the secondary look, unavailable until the page runs", () => {
    expect(html(createElement(Button, null, "Cancel"))).toBe(
      '<button type="button" class="rounded border border-slate-300 bg-white disabled:opacity-50 px-2 py-1 text-sm" aria-disabled="true">Cancel</button>',
    );
  });

  it("submits when told, with the primary look, the size's padding and the caller's layout; a submit needs no script", () => {
    const out = html(createElement(Button, { type: "submit", variant: "primary", size: "md", className: "w-full" }, "Create"));
    expect(out).toBe(
      '<button type="submit" class="rounded bg-slate-900 text-white disabled:opacity-60 px-3 py-1 text-sm w-full">Create</button>',
    );
  });

  it("link-like buttons take no padding", () => {
    expect(html(createElement(Button, { variant: "link-danger" }, "Revoke"))).toBe(
      '<button type="button" class="text-rose-700 hover:underline disabled:opacity-50" aria-disabled="true">Revoke</button>',
    );
  });
});

describe("ClientForm", () => {
  it("renders its fields disabled until the page runs, in a box that takes the form's classes", () => {
    const form = createElement(
      ClientForm,
      { onSubmit: () => undefined, "aria-label": "New folder", className: "flex gap-2" },
      createElement(Input, { "aria-label": "Name" }),
      createElement(Button, { type: "submit" }, "Create"),
    );
    const out = html(form);
    expect(out).toMatch(/^<form aria-label="New folder"><fieldset disabled="" class="min-w-0 flex gap-2"><input /);
    expect(out).toContain('<button type="submit"');
  });
});

describe("Input and Select", () => {
  it("share the field box of the pages they replace", () => {
    expect(html(createElement(Input, { "aria-label": "Name" }))).toBe(
      '<input class="rounded border border-slate-300 bg-white px-2 py-1 text-sm" aria-label="Name"/>',
    );
    expect(html(createElement(Select, { "aria-label": "Expiry", size: "lg", className: "mt-1" }))).toBe(
      '<select class="rounded border border-slate-300 bg-white px-3 py-2 mt-1" aria-label="Expiry"></select>',
    );
  });
});

describe("Field", () => {
  // Field uses a hook: it renders inside a component of its own.
  const UrlField = (props: { hint?: string; error?: string }) =>
    Field({ label: "URL", ...props, children: (control: TFieldControl) => createElement(Input, { ...control, name: "url" }) });
  const field = (props: { hint?: string; error?: string }) => html(createElement(UrlField, props));

  it("ties the label to the control", () => {
    const out = field({});
    const id = /<label for="([^"]+)"/.exec(out)?.[1];
    expect(id).toBeTruthy();
    expect(out).toContain(`id="${id}"`);
    expect(out).not.toContain("aria-describedby");
    expect(out).not.toContain("aria-invalid");
  });

  it("describes the control by its hint and its error, and marks it invalid with an error", () => {
    const out = field({ hint: "Where the events go", error: "Not an https URL" });
    const described = (/aria-describedby="([^"]+)"/.exec(out)?.[1] ?? "").split(" ");
    expect(described).toHaveLength(2);
    expect(out).toContain(`<p id="${described[0]}" class="mt-1 text-xs text-slate-500">Where the events go</p>`);
    expect(out).toContain(`<p id="${described[1]}" role="alert" class="mt-1 text-xs text-rose-700">Not an https URL</p>`);
    expect(out).toContain('aria-invalid="true"');
  });
});

describe("Alert", () => {
  it("announces an error at once and anything else politely", () => {
    expect(html(Alert({ className: "text-sm", children: "Could not save" }))).toBe(
      '<p role="alert" class="text-rose-700 text-sm">Could not save</p>',
    );
    expect(html(Alert({ tone: "success", as: "span", children: "Saved" }))).toBe(
      '<span role="status" class="text-emerald-700">Saved</span>',
    );
  });

  it("boxed, keeps the tinted box of the radar's messages", () => {
    expect(html(Alert({ boxed: true, className: "mt-2 px-3 py-2 text-sm", children: "failed" }))).toBe(
      '<p role="alert" class="rounded border border-rose-200 bg-rose-50 text-rose-800 mt-2 px-3 py-2 text-sm">failed</p>',
    );
  });
});
