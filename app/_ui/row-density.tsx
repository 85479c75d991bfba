"use client";

import { createContext, useContext } from "react";

/**
 * How the workspace's tables lay their rows out: comfortable (values wrap) or compact (one line
 * per row from 640 px up, long values cut with an ellipsis; app/globals.css). The workspace
 * provides the account's choice and a way to change it; without a provider, tables are
 * comfortable and offer no switch.
 */
export type TRowDensity = "comfortable" | "compact";

export const RowDensityContext = createContext<{ density: TRowDensity; setDensity?: (d: TRowDensity) => void }>({
  density: "comfortable",
});

export const useRowDensity = () => useContext(RowDensityContext);
