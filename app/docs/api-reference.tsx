"use client";

import { useEffect, useRef, useState } from "react";
import { Alert } from "../_ui/alert";

/** The part of Scalar's standalone API this page uses (the bundle sets `window.Scalar`). */
interface TScalarInstance {
  destroy(): void;
}
declare global {
  interface Window {
    Scalar?: { createApiReference(element: HTMLElement, configuration: Record<string, unknown>): TScalarInstance };
  }
}

/**
 * Scalar's configuration, chosen so that the page talks to this origin only (its
 * Content-Security-Policy, proxy.ts, would refuse anything else):
 * - no web fonts from Scalar's servers (`withDefaultFonts`), no telemetry, no AI agent and no MCP
 *   button (both are on by default when the page is served from localhost), no developer toolbar
 *   (it can upload the document to Scalar's registry), no "Open API Client" link (it hands the
 *   document's address to Scalar's hosted client);
 * - `proxyUrl` stays unset: test requests go straight to this server, to this page's own origin
 *   (which is what the policy's connect-src allows even when BASE_URL names another address);
 * - the `Token` security scheme (an API key in the Authorization header) is preselected; Scalar
 *   sends the field as the header's whole value, so the user types `Token <API_TOKEN>`.
 */
function configuration(origin: string): Record<string, unknown> {
  return {
    url: "/v1/openapi.json",
    servers: [{ url: `${origin}/v1`, description: "This server" }],
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: "never",
    hideClientButton: true,
    documentDownloadType: "json",
    persistAuth: false,
    authentication: { preferredSecurityScheme: "Token" },
    forceDarkModeState: "light",
    hideDarkModeToggle: true,
    modelsSectionLabel: "Schemas",
  };
}

/** Loads Scalar's bundle (once per page) and mounts the reference into a div of its own. */
export function ApiReference({ scriptUrl }: { scriptUrl: string }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let instance: TScalarInstance | undefined;
    let cancelled = false;
    loadScript(scriptUrl)
      .then(() => {
        if (cancelled || !mountRef.current || !window.Scalar) return;
        instance = window.Scalar.createApiReference(mountRef.current, configuration(window.location.origin));
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, [scriptUrl]);

  if (failed) {
    return (
      <Alert className="mx-auto max-w-7xl px-6 py-8">
        The API reference could not be loaded; the document itself is at{" "}
        <a className="underline" href="/v1/openapi.json">
          /v1/openapi.json
        </a>
        .
      </Alert>
    );
  }
  return <div ref={mountRef} data-testid="api-reference" />;
}

const loading = new Map<string, Promise<void>>();

/**
 * Adds the script tag. The policy's `'strict-dynamic'` lets a script that this page's nonced
 * scripts insert run, so the bundle needs no nonce of its own.
 */
function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    // The bundle validates with zod, which probes once whether it may compile validators with
    // `Function(...)`: under this page's policy that probe is a CSP violation. zod reads its
    // settings from this global; `jitless` skips the probe and the compiling.
    const zodSettings = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
    zodSettings.jitless = true;
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    loading.set(src, promise);
  }
  return promise;
}
