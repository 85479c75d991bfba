import Link from "next/link";

/** Links between the radar's two pages. */
export function RadarNav(props: { current: "radar" | "updates" }) {
  const item = (href: string, label: string, on: boolean) => (
    <Link
      href={href}
      aria-current={on ? "page" : undefined}
      className={on ? "font-medium text-slate-900 underline" : "text-sky-800 hover:underline"}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Radar" className="mt-1 flex gap-4 text-sm">
      {item("/radar", "Follow and connections", props.current === "radar")}
      {item("/radar/updates", "Updates feed", props.current === "updates")}
    </nav>
  );
}
