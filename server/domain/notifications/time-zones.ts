/**
 * Time zones by their current IANA names, with no database in it: the digest settings offer these
 * names (the workspace's picker) and the server answers a stored zone by its current name.
 *
 * Runtimes still list some zones under names IANA has since replaced: ICU's data, which Node.js 20
 * and some browsers read, says Asia/Calcutta and Europe/Kiev where IANA says Asia/Kolkata and
 * Europe/Kyiv. Both names keep working (IANA keeps the old one as a link), so a choice made under
 * an old name stays valid; it is shown and offered under the current one.
 */

/** Old name → current IANA name, for the zones that were renamed (a spelling or a region's name changed). */
const RENAMED: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Dacca": "Asia/Dhaka",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Macao": "Asia/Macau",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Thimbu": "Asia/Thimphu",
  "Asia/Ujung_Pandang": "Asia/Makassar",
  "Asia/Ulan_Bator": "Asia/Ulaanbaatar",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** The zone's current IANA name (an old name's replacement; any other name as it is). */
export function canonicalTimeZone(tz: string): string {
  return Object.hasOwn(RENAMED, tz) ? RENAMED[tz]! : tz;
}

/**
 * The zones to choose from: the runtime's (`known`, Intl.supportedValuesOf("timeZone")) and the
 * current choice, each under its current name and once, UTC first and the others in order.
 */
export function timeZoneChoices(known: readonly string[], current: string): string[] {
  const names = new Set([...known, current].map(canonicalTimeZone));
  names.delete("UTC");
  return ["UTC", ...[...names].sort()];
}
