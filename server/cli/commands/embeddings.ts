import { closeEmbeddingProvider, embeddingProvider, INDEXED_DIMENSIONS, isIndexed, rebuildEmbeddings } from "~/server/domain/embeddings";
import type { TCommand } from "../command";
import { parseIntFlag } from "../io";

export const embeddingsRebuildCommand: TCommand = {
  name: "embeddings rebuild",
  usage:
    "vmon embeddings rebuild [--only-missing] [--batch N]  recompute card and participant embeddings with the configured provider (resumes an interrupted run)",
  options: { "only-missing": { type: "boolean" }, batch: { type: "string" } },
  async run({ io, values, database }) {
    const batch = parseIntFlag(values.batch, "--batch", 1);
    const provider = embeddingProvider();
    if (!provider) throw new Error("EMBEDDINGS_PROVIDER is off: there is no model to compute embeddings with.");
    const started = Date.now();
    try {
      const label = `embedding with ${provider.id}:${provider.model}`;
      const report = await rebuildEmbeddings(database.db, provider, {
        onlyMissing: values["only-missing"] === true,
        batch,
        onProgress: (p) => io.progress(label, p.done, p.total),
      });
      io.endProgress();
      const seconds = (Date.now() - started) / 1000;
      const note = isIndexed(provider.dimensions)
        ? ""
        : ` Note: ${provider.dimensions}-dimension vectors have no HNSW index (indexed sizes: ${INDEXED_DIMENSIONS.join(", ")}); search is exact.`;
      io.result(
        { ...report, seconds },
        `${report.resumed ? "Resumed the rebuild started at " + report.startedAt + ". " : ""}Embedded ${report.embedded.toLocaleString("en-US")} row(s) with ${report.model} in ${seconds.toFixed(1)} s.${note}`,
      );
    } finally {
      io.endProgress();
      await closeEmbeddingProvider();
    }
  },
};
