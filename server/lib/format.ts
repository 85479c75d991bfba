/** Response formats of the spec: ISO 8601 UTC datetimes, YYYY-MM-DD dates. */
export const iso = (d: Date): string => d.toISOString();
export const isoOrNull = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
export const ymdOrNull = (d: Date | null | undefined): string | null => (d ? d.toISOString().slice(0, 10) : null);

/** ISO 8601 UTC with microseconds (raw-data profiles): 2024-05-01T10:00:00.123000Z. */
export const isoMicro = (d: Date): string => d.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
